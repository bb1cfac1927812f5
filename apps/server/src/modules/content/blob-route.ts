/**
 * `GET /blobs/:key`: serves stored files. Keys are content hashes, so a URL's bytes never
 * change: cached for a year as immutable, ETag = key. Byte ranges (one range per request) are
 * answered with 206, an unsatisfiable one with 416.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { BlobRangeError, isBlobKey } from "../../platform/blobs/index";
import { failure, sendFailure } from "../../platform/http/envelope-reply";
import type { TBlobStore, TByteRange } from "../../platform/types";

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

function setCommonHeaders(reply: FastifyReply, key: string, contentType: string): void {
  reply
    .header("content-type", contentType)
    .header("cache-control", BLOB_CACHE_CONTROL)
    .header("accept-ranges", "bytes")
    .header("etag", `"${key}"`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", BLOB_CSP);
}

/** Registers the blob route. */
export function registerBlobRoute(app: FastifyInstance, blobs: TBlobStore): void {
  app.get<{ Params: { key: string } }>("/blobs/:key", async (request, reply) => {
    const { key } = request.params;
    const notFound = () => sendFailure(reply, failure("notFound"));
    if (!isBlobKey(key)) return notFound();
    const info = await blobs.head(key);
    if (!info) return notFound();
    setCommonHeaders(reply, key, info.contentType);

    const etags = request.headers["if-none-match"];
    if (etags?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === `"${key}"`)) {
      return reply.code(304).send();
    }
    let range = parseRange(request.headers.range, info.size);
    // If-Range with another validator means the client's partial copy is stale: send everything.
    const ifRange = request.headers["if-range"];
    if (typeof ifRange === "string" && ifRange.trim() !== `"${key}"`) range = null;
    if (range === "unsatisfiable") {
      return reply
        .code(416)
        .header("content-range", `bytes */${info.size}`)
        .type("text/plain; charset=utf-8")
        .send("");
    }
    try {
      const blob = await blobs.get(key, range ?? undefined);
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
  });
}
