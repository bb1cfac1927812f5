/**
 * The blob adapter: files under `DATA_DIR/blobs` by default, an S3-compatible bucket when
 * `S3_BUCKET` is set. Keys are content hashes (see `blobKeyFor`).
 *
 * In both stores a ranged `get` returns the whole blob's `size` and a body of exactly
 * `end - start + 1` bytes (end clamped to the last byte); a range past the end throws
 * BlobRangeError.
 */
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { TConfig } from "../../config";
import type { TBlobStore } from "../types";
import { createFsBlobStore } from "./fs-store";
import { blobKeyFor } from "./keys";
import { createS3BlobStore } from "./s3-store";

export { createFsBlobStore } from "./fs-store";
export { assertBlobKey, BlobKeyError, blobKeyFor, isBlobKey } from "./keys";
export { BlobRangeError } from "./range";
export { createS3BlobStore, type TS3Settings } from "./s3-store";

/** Creates the blob store the configuration asks for. */
export async function createBlobStore(config: TConfig, logger: FastifyBaseLogger): Promise<TBlobStore> {
  if (config.s3) {
    logger.info({ bucket: config.s3.bucket, endpoint: config.s3.endpoint ?? "aws" }, "blobs: S3 bucket");
    return createS3BlobStore(config.s3);
  }
  const root = join(config.dataDir, "blobs");
  logger.info({ root }, "blobs: local files");
  return createFsBlobStore(root);
}

/**
 * Stores `body` under its content hash and returns the key. A blob already stored under that
 * key is the same bytes, so it is not written again.
 */
export async function putWithHash(
  store: TBlobStore,
  body: Buffer,
  contentType: string,
  ext?: string,
): Promise<string> {
  const key = blobKeyFor(body, ext);
  if ((await store.head(key)) === null) await store.put(key, body, { contentType });
  return key;
}
