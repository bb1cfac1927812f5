/**
 * Receives a multipart upload into a private temp folder, part by part, with a byte cap counted
 * while the bytes stream in (nothing past the cap is read). Each file's first bytes are handed
 * to a check as soon as they arrive, so a refused file stops the upload early. Nothing reaches
 * the blob store from here: callers store files only once every check has passed.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError, CODES } from "@vitrine/contract";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Bytes of a file's start kept for type checks (SPEC §5 sniffing needs at least 8 KiB). */
export const HEAD_BYTES = 8192;

/** A file part, stored in the temp folder. */
export interface TReceivedFile {
  /** The multipart field name. */
  field: string;
  /** The file name without any folder, as the client gave it. */
  filename: string;
  /** The MIME type the client declared (may be empty). */
  declaredType: string;
  /** Where the bytes are. */
  path: string;
  size: number;
  /** The first `HEAD_BYTES` bytes (fewer for a shorter file). */
  head: Uint8Array;
  /** sha256 hex of the whole file. */
  sha256: string;
}

/** What an upload carried. */
export interface TReceived {
  files: TReceivedFile[];
  fields: Record<string, string>;
  /** Removes the temp folder and everything in it. */
  discard(): Promise<void>;
}

/** Options of `receiveMultipart`. */
export interface TReceiveOptions {
  /** Where temp folders go (created when missing). */
  tempRoot: string;
  /** Cap on all file bytes together. */
  maxBytes: number;
  /** Most file parts accepted. */
  maxFiles: number;
  /** The error thrown once the cap is passed. */
  tooLarge: () => Error;
  /** Checks a file's name, declared type and first bytes; throws to refuse it. */
  checkHead?: (file: Omit<TReceivedFile, "path" | "size" | "sha256">, sizeSoFar: number) => void;
  /** Checks a file's total size once known; throws to refuse it. */
  checkSize?: (file: Omit<TReceivedFile, "path" | "sha256">) => void;
}

/** A file name without folders or control characters, NFC-normalised; `file` when nothing is left. */
export function cleanFilename(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return base === "" ? "file" : base.slice(0, 200);
}

function errorCode(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
}

/** A failure of the machine (disk full, permissions): Node gives these an `errno` and a `syscall`. */
function isSystemError(error: unknown): boolean {
  return typeof error === "object" && error !== null && "errno" in error && "syscall" in error;
}

const COUNT_LIMITS = new Set(["FST_FILES_LIMIT", "FST_PARTS_LIMIT", "FST_FIELDS_LIMIT"]);

/**
 * Reads every part of `request`. Throws (after removing what it wrote) when a check refuses a
 * file or the cap is passed, and `badRequest` (HTTP 400) when the body itself is broken: a file
 * part with an empty filename, a truncated body, a boundary the parser refuses.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  options: TReceiveOptions,
): Promise<TReceived> {
  await mkdir(options.tempRoot, { recursive: true });
  const dir = await mkdtemp(join(options.tempRoot, "upload-"));
  const discard = () => rm(dir, { recursive: true, force: true });
  const files: TReceivedFile[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxBytes,
        files: options.maxFiles,
        fields: 20,
        fieldSize: 4096,
        parts: options.maxFiles + 20,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value);
        continue;
      }
      // Browsers send `filename=""` only for a file input left empty: there is no file to take.
      if (part.filename.trim() === "") throw new AppError("badRequest");
      const filename = cleanFilename(part.filename);
      const path = join(dir, `part-${files.length}`);
      const hash = createHash("sha256");
      const headChunks: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      let isHeadChecked = false;
      const describe = () => ({
        field: part.fieldname,
        filename,
        declaredType: part.mimetype ?? "",
        head: new Uint8Array(Buffer.concat(headChunks).subarray(0, HEAD_BYTES)),
      });
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          total += chunk.length;
          if (total > options.maxBytes) return callback(options.tooLarge());
          hash.update(chunk);
          if (headLength < HEAD_BYTES) {
            headChunks.push(chunk);
            headLength += chunk.length;
          }
          if (!isHeadChecked && headLength >= HEAD_BYTES) {
            isHeadChecked = true;
            try {
              options.checkHead?.(describe(), size);
            } catch (error) {
              return callback(error as Error);
            }
          }
          callback(null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(path));
      if (part.file.truncated) throw options.tooLarge();
      const file = describe();
      if (!isHeadChecked) options.checkHead?.(file, size);
      options.checkSize?.({ ...file, size });
      files.push({ ...file, path, size, sha256: hash.digest("hex") });
    }
  } catch (error) {
    await discard();
    const code = errorCode(error);
    if (code === "FST_REQ_FILE_TOO_LARGE") throw options.tooLarge();
    if (COUNT_LIMITS.has(code)) {
      throw new AppError("fileInvalid", {
        message: `${CODES.fileInvalid.message} Too many files in one upload.`,
      });
    }
    if (error instanceof AppError || isSystemError(error)) throw error;
    // Anything else came from the multipart parser: a truncated body, a bad boundary, a broken
    // part header. It is the client's request that is wrong, not the server.
    request.log.info({ reason: error instanceof Error ? error.message : String(error) }, "multipart refused");
    throw new AppError("badRequest");
  }
  return { files, fields, discard };
}

/** The whole of a received file. */
export function readReceived(file: TReceivedFile): Promise<Buffer> {
  return readFile(file.path);
}

/**
 * Reads and discards what is left of a request body answered early (refused before it was all
 * read), so the client, still sending, gets to read the answer. Past `limit` more bytes the
 * connection is closed after the answer instead.
 */
export async function drainUnread(
  request: FastifyRequest,
  reply: FastifyReply,
  limit: number,
): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  await new Promise<void>((resolve) => {
    let seen = 0;
    const finish = () => {
      raw.off("data", onData);
      raw.off("end", finish);
      raw.off("error", finish);
      raw.off("close", finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) {
        raw.pause();
        reply.header("connection", "close");
        finish();
      }
    };
    raw.on("data", onData);
    raw.once("end", finish);
    raw.once("error", finish);
    raw.once("close", finish);
    raw.resume();
  });
}
