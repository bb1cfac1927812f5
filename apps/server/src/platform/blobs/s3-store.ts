/**
 * Blob store on an S3-compatible bucket (AWS S3, MinIO, R2, s3rver). Keys are used as object
 * keys unchanged; streams of unknown length go up as multipart uploads.
 */

import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { TBlobInfo, TBlobStore } from "../types";
import { assertBlobKey } from "./keys";
import { BlobRangeError, resolveRange } from "./range";

const FALLBACK_TYPE = "application/octet-stream";

/** Connection settings of the bucket, as in `TConfig["s3"]`. */
export interface TS3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Parses `Content-Range: bytes 0-9/1234`. */
function parseContentRange(
  value: string | undefined,
): { start: number; end: number; total: number } | undefined {
  const match = value === undefined ? null : /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value.trim());
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : undefined;
}

/** Passes on only the first `length` bytes of `source`; leaving the loop early destroys it. */
function firstBytes(source: Readable, length: number): Readable {
  async function* take(): AsyncGenerator<Buffer> {
    let left = length;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      yield chunk.subarray(0, left);
      left -= chunk.length;
      if (left <= 0) return;
    }
  }
  return Readable.from(take());
}

/**
 * Creates the S3 blob store. The client is returned too so the caller can destroy it. The AWS SDK
 * is imported here, so a server on local files never loads it (bench/README.md, server-memory).
 */
export async function createS3BlobStore(settings: TS3Settings): Promise<TBlobStore & { client: S3Client }> {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import("@aws-sdk/client-s3");
  const statusOf = (error: unknown): number | undefined =>
    error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Many S3-compatible servers reject the SDK's default trailing checksums on streamed bodies.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;

  async function head(key: string): Promise<TBlobInfo | null> {
    assertBlobKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? FALLBACK_TYPE };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  return {
    kind: "s3",
    client,

    async put(key, body, info) {
      assertBlobKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
            ContentType: info.contentType,
          }),
        );
        return;
      }
      // Upload buffers the stream into parts, so the total length need not be known up front.
      const { Upload } = await import("@aws-sdk/lib-storage");
      await new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: info.contentType },
      }).done();
    },

    head,

    async get(key, range) {
      assertBlobKey(key);
      // S3 ignores a malformed Range header and sends the whole object, so check the shape first.
      const bounds = range === undefined ? undefined : resolveRange(range, Number.MAX_SAFE_INTEGER);
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: bounds ? `bytes=${bounds.start}-${bounds.end}` : undefined,
          }),
        );
        if (!(out.Body instanceof Readable)) throw new Error("S3 returned a body that is not a Node stream");
        const contentType = out.ContentType ?? FALLBACK_TYPE;
        const served = parseContentRange(out.ContentRange);
        if (!bounds || !served) return { size: out.ContentLength ?? 0, contentType, body: out.Body };
        if (served.start !== bounds.start) {
          out.Body.destroy();
          throw new Error(`S3 answered range ${out.ContentRange} for bytes=${bounds.start}-${bounds.end}`);
        }
        const end = Math.min(bounds.end, served.total - 1);
        // Some S3-compatible servers send more than asked (s3rver reads `bytes=0-0` as `bytes=0-`).
        const body = served.end > end ? firstBytes(out.Body, end - bounds.start + 1) : out.Body;
        return { size: served.total, contentType, body };
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return null;
        if (status === 416 && bounds) {
          const info = await head(key);
          if (info === null) return null;
          throw new BlobRangeError(bounds, info.size);
        }
        throw error;
      }
    },

    async delete(key) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
