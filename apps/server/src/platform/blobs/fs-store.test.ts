import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TBlobStore } from "../types";
import { blobStoreCases, HOSTILE_KEYS } from "./blob-store.suite";
import { createFsBlobStore } from "./fs-store";
import { blobKeyFor } from "./keys";

describe("fs blob store", () => {
  let dir = "";
  let store: TBlobStore;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "vitrine-blobs-"));
    store = createFsBlobStore(join(dir, "blobs"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  blobStoreCases(() => store);

  it("shards files by key prefix and leaves no temp files", async () => {
    const key = blobKeyFor(Buffer.from("sharded"), "bin");
    await store.put(key, Buffer.from("sharded"), { contentType: "application/octet-stream" });
    const names = await readdir(join(dir, "blobs", key.slice(0, 2), key.slice(2, 4)));
    expect(names.sort()).toEqual([key, `${key}~meta.json`]);
  });

  it("writes nothing outside its folder for hostile keys", async () => {
    for (const key of HOSTILE_KEYS) {
      await store.put(key, Buffer.from("x"), { contentType: "text/plain" }).catch(() => undefined);
    }
    expect(await readdir(dir)).toEqual(["blobs"]);
  });

  it("keeps the old blob when a streamed write fails midway", async () => {
    const key = blobKeyFor(Buffer.from("keep me"));
    await store.put(key, Buffer.from("keep me"), { contentType: "text/plain" });
    async function* failing() {
      yield Buffer.from("partial");
      throw new Error("client went away");
    }
    await expect(store.put(key, Readable.from(failing()), { contentType: "text/html" })).rejects.toThrow(
      "client went away",
    );
    const got = await store.get(key);
    expect(got && (await buffer(got.body)).toString()).toBe("keep me");
    expect(got?.contentType).toBe("text/plain");
    expect(await readdir(join(dir, "blobs", key.slice(0, 2), key.slice(2, 4)))).toHaveLength(2);
  });
});
