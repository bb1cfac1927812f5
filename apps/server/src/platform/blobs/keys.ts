/**
 * Blob keys: content hashes chosen by callers. A key is checked before it touches the file
 * system or a bucket, so no key can name a path outside the blob folder.
 */
import { createHash } from "node:crypto";

const KEY = /^[a-z0-9][a-z0-9._-]{0,200}$/i;
const EXT = /^[a-z0-9]{1,16}$/i;

/** Thrown when a blob key is malformed; a programming error, never a user's. */
export class BlobKeyError extends Error {
  constructor(key: string) {
    super(`Invalid blob key: ${JSON.stringify(key.slice(0, 64))}`);
    this.name = "BlobKeyError";
  }
}

/** True when `key` is a well-formed blob key (letters, digits, `.`, `_`, `-`; no `..`). */
export function isBlobKey(key: string): boolean {
  return KEY.test(key) && !key.includes("..");
}

/** Throws BlobKeyError unless `key` is a well-formed blob key. */
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new BlobKeyError(key);
}

/** The content-hash key of some bytes: sha256 hex, with `.ext` appended when given. */
export function blobKeyFor(bytes: Buffer | Uint8Array, ext?: string): string {
  const hash = createHash("sha256").update(bytes).digest("hex");
  if (ext === undefined || ext === "") return hash;
  const clean = ext.replace(/^\./, "").toLowerCase();
  if (!EXT.test(clean)) throw new BlobKeyError(`${hash}.${ext}`);
  return `${hash}.${clean}`;
}
