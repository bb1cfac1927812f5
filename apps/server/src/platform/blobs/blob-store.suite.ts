/**
 * Behaviour every blob store must show, run by the fs and S3 tests alike against real storage.
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { expect, it } from "vitest";
import type { TBlobStore } from "../types";
import { putWithHash } from "./index";
import { BlobKeyError, blobKeyFor } from "./keys";
import { BlobRangeError } from "./range";

/** Keys that try to leave the blob folder or are otherwise malformed. */
export const HOSTILE_KEYS = [
  "../x",
  "a/b",
  "",
  "..",
  ".hidden",
  "a\\b",
  "x..y",
  "a b",
  "x\u0000",
  "k".repeat(250),
];

/** Registers the shared blob-store cases; `store()` returns the store under test. */
export function blobStoreCases(store: () => TBlobStore): void {
  it("stores a buffer and reads back the same bytes, size and content type", async () => {
    const bytes = randomBytes(4096);
    const key = blobKeyFor(bytes, "glb");
    await store().put(key, bytes, { contentType: "model/gltf-binary" });

    expect(await store().head(key)).toEqual({ size: 4096, contentType: "model/gltf-binary" });
    const got = await store().get(key);
    expect(got?.contentType).toBe("model/gltf-binary");
    expect(got?.size).toBe(4096);
    expect(got && (await buffer(got.body)).equals(bytes)).toBe(true);
  });

  it("stores a stream of unknown length", async () => {
    const chunks = [randomBytes(1000), randomBytes(70_000), Buffer.from("end")];
    const whole = Buffer.concat(chunks);
    const key = blobKeyFor(whole);
    await store().put(key, Readable.from(chunks), { contentType: "application/octet-stream" });

    const got = await store().get(key);
    expect(got && (await buffer(got.body)).equals(whole)).toBe(true);
    expect((await store().head(key))?.size).toBe(whole.length);
  });

  it("returns exactly the bytes of a range, and the whole blob's size", async () => {
    const bytes = Buffer.from("0123456789abcdefghij");
    const key = await putWithHash(store(), bytes, "text/plain", "txt");

    const middle = await store().get(key, { start: 5, end: 9 });
    expect(middle && (await buffer(middle.body)).toString()).toBe("56789");
    expect(middle?.size).toBe(20);

    const first = await store().get(key, { start: 0, end: 0 });
    expect(first && (await buffer(first.body)).toString()).toBe("0");

    const pastEnd = await store().get(key, { start: 18, end: 1000 });
    expect(pastEnd && (await buffer(pastEnd.body)).toString()).toBe("ij");

    await expect(store().get(key, { start: 20, end: 25 })).rejects.toBeInstanceOf(BlobRangeError);
    await expect(store().get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(BlobRangeError);
  });

  it("answers null for a missing key and forgets a deleted one", async () => {
    const missing = blobKeyFor(randomBytes(16));
    expect(await store().head(missing)).toBeNull();
    expect(await store().get(missing)).toBeNull();
    expect(await store().get(missing, { start: 0, end: 1 })).toBeNull();

    const key = await putWithHash(store(), randomBytes(100), "image/png", "png");
    expect(await store().head(key)).not.toBeNull();
    await store().delete(key);
    expect(await store().head(key)).toBeNull();
    expect(await store().get(key)).toBeNull();
    await expect(store().delete(key)).resolves.toBeUndefined();
  });

  it("replaces a blob written twice under the same key", async () => {
    const key = blobKeyFor(randomBytes(8));
    await store().put(key, Buffer.from("first"), { contentType: "text/plain" });
    await store().put(key, Buffer.from("second"), { contentType: "text/html" });
    const got = await store().get(key);
    expect(got && (await buffer(got.body)).toString()).toBe("second");
    expect(got?.contentType).toBe("text/html");
  });

  it("putWithHash names the blob by its content", async () => {
    const bytes = Buffer.from("same bytes");
    const a = await putWithHash(store(), bytes, "text/plain", ".TXT");
    const b = await putWithHash(store(), Buffer.from("same bytes"), "text/plain", "txt");
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}\.txt$/);
  });

  it("refuses hostile keys on every operation", async () => {
    for (const key of HOSTILE_KEYS) {
      await expect(store().put(key, Buffer.from("x"), { contentType: "text/plain" })).rejects.toBeInstanceOf(
        BlobKeyError,
      );
      await expect(store().head(key)).rejects.toBeInstanceOf(BlobKeyError);
      await expect(store().get(key)).rejects.toBeInstanceOf(BlobKeyError);
      await expect(store().delete(key)).rejects.toBeInstanceOf(BlobKeyError);
    }
  });
}
