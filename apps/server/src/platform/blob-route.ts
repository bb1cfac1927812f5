/**
 * `GET /blobs/:key`: serves stored files. Keys are content hashes, so a URL's bytes never
 * change: cached for a year as immutable, ETag = key. A key is a capability: whoever was given it
 * (the owner, visitors of open links and public contents) may fetch it; password and sealed
 * links never hand out real keys (modules/sharing/link-files.ts). Byte ranges (one range per request) are
 * answered with 206, an unsatisfiable one with 416.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BlobRangeError, isBlobKey } from "./blobs/index";
import { failure, sendFailure } from "./http/envelope-reply";
import type { TBlobStore, TByteRange } from "./types";

/** Cache-Control of every blob. */
export const BLOB_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** A blob shows nothing active even when opened on its own (images, video and models only). */
const BLOB_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * The one range of a `Range` header against a blob of `size` bytes: `null` when the header is
 * absent, malformed or asks for several ranges (the whole blob is sent then, as RFC 9110
 * allows); `"unsatisfiable"` when no byte of it exists.
 */
export function parseRange(header: string | undefined, size: number): TByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Number(to);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end: Math.min(end, size - 1) };
}

/** How one blob answer is cached and validated. */
export interface TBlobAnswer {
  /** The stored key to read. */
  key: string;
  /** The ETag the client sees (the key for public blobs; never a hidden key). */
  etag: string;
  cacheControl: string;
}

function setCommonHeaders(reply: FastifyReply, answer: TBlobAnswer, contentType: string): void {
  reply
    .header("content-type", contentType)
    .header("cache-control", answer.cacheControl)
    .header("accept-ranges", "bytes")
    .header("etag", `"${answer.etag}"`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", BLOB_CSP);
}

/**
 * Sends a stored blob with ranges and conditional requests; `notFound` when it is missing.
 * Shared by `GET /blobs/:key` and the sharing module's link-scoped URLs.
 */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: TBlobStore,
  answer: TBlobAnswer,
): Promise<FastifyReply> {
  const notFound = () => sendFailure(reply, failure("notFound"));
  const info = await blobs.head(answer.key);
  if (!info) return notFound();
  setCommonHeaders(reply, answer, info.contentType);
  const tag = `"${answer.etag}"`;

  const etags = request.headers["if-none-match"];
  if (etags?.split(",").some((t) => t.trim().replace(/^W\//, "") === tag)) {
    return reply.code(304).send();
  }
  let range = parseRange(request.headers.range, info.size);
  // If-Range with another validator means the client's partial copy is stale: send everything.
  const ifRange = request.headers["if-range"];
  if (typeof ifRange === "string" && ifRange.trim() !== tag) range = null;
  if (range === "unsatisfiable") {
    return reply
      .code(416)
      .header("content-range", `bytes */${info.size}`)
      .type("text/plain; charset=utf-8")
      .send("");
  }
  try {
    const blob = await blobs.get(answer.key, range ?? undefined);
    if (!blob) return notFound();
    if (range) {
      reply
        .code(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${blob.size}`)
        .header("content-length", String(range.end - range.start + 1));
    } else {
      reply.header("content-length", String(blob.size));
    }
    return reply.send(blob.body);
  } catch (error) {
    if (error instanceof BlobRangeError) {
      return reply.code(416).header("content-range", `bytes */${info.size}`).send("");
    }
    throw error;
  }
}

/**
 * Registers the blob route. Sealed ciphertext (`*.sealed`) is never served here: only through
 * its link's scoped URL (modules/sharing), so it goes when the link goes.
 */
export function registerBlobRoute(app: FastifyInstance, blobs: TBlobStore): void {
  app.get<{ Params: { key: string } }>("/blobs/:key", async (request, reply) => {
    const { key } = request.params;
    if (!isBlobKey(key) || key.endsWith(".sealed")) return sendFailure(reply, failure("notFound"));
    return sendBlob(request, reply, blobs, { key, etag: key, cacheControl: BLOB_CACHE_CONTROL });
  });
}
