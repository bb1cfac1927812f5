/**
 * The upload routes (DESIGN "Fixed interfaces"): `POST /api/upload/model` (parts `files`),
 * `POST /api/upload/image` (part `file`, field `purpose`, optional `content_id`) and
 * `POST /api/upload/video` (part `file`, optional `content_id`). Each answers the envelope.
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
  IMAGE_MAX_BYTES,
  IMAGE_PURPOSES,
  type ZUploadMediaResult,
  type ZUploadModelResult,
} from "@vitrine/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import sharp from "sharp";
import type { z } from "zod";
import type { TAuthResolver } from "../../platform/auth";
import { putWithHash } from "../../platform/blobs/index";
import { tempDirOf } from "../../platform/temp-dir";
import type { TPlatform } from "../../platform/types";
import { blobUrl } from "./mapper";
import {
  checkDrawable,
  checkModelPart,
  MODEL_MAX_FILES,
  MODEL_MESSAGES,
  modelPartsOf,
  readGltfJson,
  refuse,
  resolveModelUris,
  validateModel,
} from "./model-upload-check";
import { drainUnread, readReceived, receiveMultipart, type TReceivedFile } from "./multipart";
import { packGltf } from "./pipeline";
import { authenticateOwner } from "./route-auth";
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
        await validateModel(parts.kind, main, resources);
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
        let encoded: Buffer;
        try {
          const image = sharp(await readReceived(file), { limitInputPixels: IMAGE_MAX_PIXELS })
            .rotate()
            .resize({
              width: IMAGE_MAX_SIDE,
              height: IMAGE_MAX_SIDE,
              fit: "inside",
              withoutEnlargement: true,
            });
          // Re-encoding drops every metadata block (EXIF, GPS, comments) and anything hidden after the image.
          encoded = await (isPng
            ? image.png({ compressionLevel: 9 })
            : image.jpeg({ quality: 88, mozjpeg: true })
          ).toBuffer();
        } catch {
          throw refuse("The image is damaged.");
        }
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
