/**
 * The upload routes (DESIGN "Fixed interfaces"): `POST /api/upload/model` (parts `files`),
 * `POST /api/upload/image` (part `file`, field `purpose`, optional `content_id`) and
 * `POST /api/upload/video` (part `file`, optional `content_id`) and `POST /api/upload/file` (field
 * `purpose`, then part `file`: production references, booth documents, Q&A images). Each answers
 * the envelope.
 * Files stream into a temp folder under a byte cap; blobs and rows are written only after every
 * check passed, so a refused upload leaves nothing behind.
 */
import { createReadStream } from "node:fs";
import multipart from "@fastify/multipart";
import {
  AppError,
  CODES,
  checkImage,
  checkUpload,
  extensionOf,
  FILE_PURPOSE_MAX_BYTES,
  FILE_PURPOSE_TYPES,
  FILE_PURPOSES,
  FILE_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_PURPOSES,
  type TFilePurpose,
  type ZUploadFileResult,
  type ZUploadMediaResult,
  type ZUploadModelResult,
} from "@vitrine/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { putWithHash } from "../../platform/blobs/index";
import { authenticateOwner } from "../../platform/route-auth";
import { tempDirOf } from "../../platform/temp-dir";
import type { TAuthResolver, TPlatform } from "../../platform/types";
import {
  drainUnread,
  readReceived,
  receiveMultipart,
  type TReceivedFile,
} from "../../platform/uploads/multipart";
import { blobUrl } from "./mapper";
import {
  checkDrawable,
  checkModelPart,
  checkRequiredExtensions,
  loadSharp,
  MODEL_MAX_FILES,
  MODEL_MESSAGES,
  modelPartsOf,
  packGltf,
  readGltfJson,
  refuse,
  resolveModelUris,
  validateModel,
} from "./pipeline/index";
import { type TContentService, titleFromFilename } from "./service";

/** Largest video upload. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** Largest side of a stored image; bigger images are scaled down. */
export const IMAGE_MAX_SIDE = 4096;
/** Most pixels an uploaded image may decode to (a small file can expand enormously). */
const IMAGE_MAX_PIXELS = 60_000_000;

const MB = 1024 * 1024;

function megabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("tooLarge", {
    message: `${CODES.tooLarge.message} The limit is ${megabytes(maxBytes)}.`,
  });
}

function answer<D>(reply: FastifyReply, data: D): FastifyReply {
  return reply.send({ status: true, rescode: CODES.ok.rescode, data });
}

/** What the upload routes need. */
export interface TUploadRouteDeps {
  platform: TPlatform;
  resolver: TAuthResolver;
  service: TContentService;
}

/** Registers the upload routes on `app` (multipart parsing is scoped to them). */
export async function registerUploadRoutes(app: FastifyInstance, deps: TUploadRouteDeps): Promise<void> {
  const { platform, resolver, service } = deps;
  const tempRoot = tempDirOf(platform.config.dataDir);

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: platform.config.uploadMaxBytes } });
    // An answer sent before the body was read (refused early) must still reach the client.
    scope.addHook("onSend", async (request, reply, payload) => {
      await drainUnread(request, reply, platform.config.uploadMaxBytes);
      return payload;
    });

    scope.post("/api/upload/model", async (request, reply) => {
      const who = await authenticateOwner(request, resolver, platform.rateLimits, "upload");
      if (who.refreshed) return reply.send(who.refreshed);
      // Refused before the body is read: the plan's content limit names itself.
      const maxContents = await service.checkContentRoom(who.auth);
      const maxBytes = platform.config.uploadMaxBytes;
      const received = await receiveMultipart(request, {
        tempRoot,
        maxBytes,
        maxFiles: MODEL_MAX_FILES,
        tooLarge: () => tooLarge(maxBytes),
        checkHead: checkModelPart,
      });
      try {
        const parts = modelPartsOf(received.files);
        const main = new Uint8Array(await readReceived(parts.main));
        const json = readGltfJson(parts.kind, main, parts.main.filename);
        const resolved = resolveModelUris(json, parts.others);
        const resources = new Map<string, Uint8Array>();
        for (const [uri, part] of resolved) resources.set(uri, new Uint8Array(await readReceived(part)));
        await validateModel(parts.kind, main, resources, parts.main.filename);
        await checkRequiredExtensions(json, parts.main.filename);
        checkDrawable(json);
        let glb: Uint8Array = main;
        if (parts.kind === "gltf") {
          try {
            glb = await packGltf(json, resources);
          } catch {
            throw refuse(`${MODEL_MESSAGES.damaged} its files cannot be put together.`);
          }
        }
        const row = await service.create({
          ownerId: who.auth.userId,
          maxContents,
          title: titleFromFilename(parts.main.filename),
          glb,
        });
        return answer<z.infer<typeof ZUploadModelResult>>(reply, { content_id: row.id });
      } finally {
        await received.discard();
      }
    });

    scope.post("/api/upload/image", async (request, reply) => {
      const who = await authenticateOwner(request, resolver, platform.rateLimits, "upload");
      if (who.refreshed) return reply.send(who.refreshed);
      const received = await receiveMultipart(request, {
        tempRoot,
        maxBytes: IMAGE_MAX_BYTES,
        maxFiles: 1,
        tooLarge: () => new AppError("imageSize"),
        checkHead: checkImageHead,
      });
      try {
        const file = singleFile(received.files);
        const purpose = received.fields.purpose ?? "";
        if (!(IMAGE_PURPOSES as readonly string[]).includes(purpose)) {
          throw new AppError("validation", { fields: { purpose: "Choose what the image is for." } });
        }
        const contentId = await contentOf(received.fields.content_id, who.auth, service);
        const isPng = file.head[0] === 0x89;
        const encoded = await reencodeImage(await readReceived(file), isPng);
        const key = await putWithHash(
          platform.blobs,
          encoded,
          isPng ? "image/png" : "image/jpeg",
          isPng ? "png" : "jpg",
        );
        await service.recordUpload({
          ownerId: who.auth.userId,
          key,
          kind: "image",
          purpose,
          contentId,
          bytes: encoded.byteLength,
        });
        return answer<z.infer<typeof ZUploadMediaResult>>(reply, { url: blobUrl(key) });
      } finally {
        await received.discard();
      }
    });

    scope.post("/api/upload/video", async (request, reply) => {
      const who = await authenticateOwner(request, resolver, platform.rateLimits, "upload");
      if (who.refreshed) return reply.send(who.refreshed);
      const received = await receiveMultipart(request, {
        tempRoot,
        maxBytes: VIDEO_MAX_BYTES,
        maxFiles: 1,
        tooLarge: () => tooLarge(VIDEO_MAX_BYTES),
        checkHead: checkVideoHead,
      });
      try {
        const file = singleFile(received.files);
        const contentId = await contentOf(received.fields.content_id, who.auth, service);
        const key = `${file.sha256}.mp4`;
        if ((await platform.blobs.head(key)) === null) {
          await platform.blobs.put(key, createReadStream(file.path), { contentType: "video/mp4" });
        }
        await service.recordUpload({
          ownerId: who.auth.userId,
          key,
          kind: "video",
          contentId,
          bytes: file.size,
        });
        return answer<z.infer<typeof ZUploadMediaResult>>(reply, { url: blobUrl(key) });
      } finally {
        await received.discard();
      }
    });

    scope.post("/api/upload/file", async (request, reply) => {
      const who = await authenticateOwner(request, resolver, platform.rateLimits, "upload");
      if (who.refreshed) return reply.send(who.refreshed);
      const maxBytes = Math.min(
        platform.config.uploadMaxBytes,
        Math.max(...Object.values(FILE_PURPOSE_MAX_BYTES)),
      );
      const received = await receiveMultipart(request, {
        tempRoot,
        maxBytes,
        maxFiles: 1,
        tooLarge: () => tooLarge(maxBytes),
        checkHead: checkAnyFileHead,
      });
      try {
        const purpose = filePurposeOf(received.fields.purpose, who.auth.isSuper);
        const file = singleFile(received.files);
        const cap = Math.min(platform.config.uploadMaxBytes, FILE_PURPOSE_MAX_BYTES[purpose]);
        if (file.size > cap) throw tooLarge(cap);
        // The whole §5 check again, now with the total size (binary STL) and the purpose's types.
        const check = checkUpload(
          { filename: file.filename, declaredType: file.declaredType, bytes: file.head, size: file.size },
          { allowed: FILE_PURPOSE_TYPES[purpose] },
        );
        if (!check.ok) throw new AppError("fileInvalid", { message: check.message });
        let key: string;
        let size = file.size;
        if (purpose === "qna_image") {
          const isPng = check.type === "png";
          const encoded = await reencodeImage(await readReceived(file), isPng);
          key = await putWithHash(platform.blobs, encoded, check.mime, isPng ? "png" : "jpg");
          size = encoded.byteLength;
        } else {
          key = `${file.sha256}.${FILE_TYPES[check.type].extensions[0]}`;
          if ((await platform.blobs.head(key)) === null) {
            await platform.blobs.put(key, createReadStream(file.path), { contentType: check.mime });
          }
        }
        await service.recordUpload({
          ownerId: who.auth.userId,
          key,
          kind: "file",
          purpose,
          bytes: size,
        });
        return answer<z.infer<typeof ZUploadFileResult>>(reply, {
          url: blobUrl(key),
          name: file.filename,
          size,
          type: check.mime,
        });
      } finally {
        await received.discard();
      }
    });
  });
}

const MEDIA_FIELD = "file";

function singleFile(files: readonly TReceivedFile[]): TReceivedFile {
  const [file] = files;
  if (!file) throw refuse("Choose a file to upload.");
  return file;
}

/** The content an upload belongs to: none, or one of the caller's (else `notFound`). */
async function contentOf(
  value: string | undefined,
  auth: { userId: string; sessionId: string; isSuper: boolean },
  service: TContentService,
): Promise<string | null> {
  if (value === undefined || value.trim() === "") return null;
  return (await service.ownContent(auth, value.trim())).id;
}

/** Images: jpg or png by name and signature (SPEC §5 messages), then the general rules. */
function checkImageHead(file: Pick<TReceivedFile, "field" | "filename" | "declaredType" | "head">): void {
  if (file.field !== MEDIA_FIELD) throw refuse("Send the image in a part named file.");
  if (checkImage({ name: file.filename, size: 0, bytes: file.head }) !== null)
    throw new AppError("imageType");
  const check = checkUpload(
    { filename: file.filename, declaredType: file.declaredType, bytes: file.head },
    { allowed: { png: ["image/png"], jpg: ["image/jpeg"], jpeg: ["image/jpeg"] } },
  );
  if (!check.ok) throw new AppError("fileInvalid", { message: check.message });
}

/** Videos: mp4 only, by signature, name and declared type. */
function checkVideoHead(file: Pick<TReceivedFile, "field" | "filename" | "declaredType" | "head">): void {
  if (file.field !== MEDIA_FIELD) throw refuse("Send the video in a part named file.");
  const check = checkUpload(
    { filename: file.filename, declaredType: file.declaredType, bytes: file.head },
    { allowed: { mp4: ["video/mp4"], m4v: ["video/mp4"] } },
  );
  if (!check.ok) throw new AppError("fileInvalid", { message: check.message });
}

/** Re-encodes an image (drops EXIF, GPS, comments and anything hidden after it), at most 4096 px a side. */
async function reencodeImage(bytes: Buffer, isPng: boolean): Promise<Buffer> {
  try {
    const sharp = await loadSharp();
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate().resize({
      width: IMAGE_MAX_SIDE,
      height: IMAGE_MAX_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    });
    return await (isPng
      ? image.png({ compressionLevel: 9 })
      : image.jpeg({ quality: 88, mozjpeg: true })
    ).toBuffer();
  } catch {
    throw refuse("The image is damaged.");
  }
}

/** Every extension some file purpose takes, for the early check while the bytes stream in. */
const ANY_FILE_TYPES: Readonly<Record<string, readonly string[]>> = Object.assign(
  {},
  ...Object.values(FILE_PURPOSE_TYPES),
);

/**
 * General files, as their first bytes arrive: the §5 rules against every type some purpose takes
 * (the purpose's own list is applied once the whole file is in). A binary STL is recognised by its
 * total size, so an STL whose type is not known yet waits for the end.
 */
function checkAnyFileHead(file: Pick<TReceivedFile, "field" | "filename" | "declaredType" | "head">): void {
  if (file.field !== MEDIA_FIELD) throw refuse("Send the file in a part named file.");
  const check = checkUpload(
    { filename: file.filename, declaredType: file.declaredType, bytes: file.head, size: Number.NaN },
    { allowed: ANY_FILE_TYPES },
  );
  if (check.ok || (check.reason === "unknown-type" && extensionOf(file.filename) === "stl")) return;
  throw new AppError("fileInvalid", { message: check.message });
}

/** The `purpose` field of a file upload, or a validation refusal naming it. */
function filePurposeOf(value: string | undefined, isSuper: boolean): TFilePurpose {
  const purpose = (value ?? "").trim();
  // A delivered model is an operator's upload: to anyone else the purpose does not exist.
  const isOpen = purpose !== "production_model" || isSuper;
  if ((FILE_PURPOSES as readonly string[]).includes(purpose) && isOpen) return purpose as TFilePurpose;
  throw new AppError("validation", { fields: { purpose: "Choose what the file is for." } });
}
