/**
 * Blob store on the local disk: `DATA_DIR/blobs/ab/cd/<key>` with the content type in a sidecar
 * `<key>~meta.json`. Writes go to a temp file and are renamed into place, so a reader sees
 * either the whole blob or none of it.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { TBlobInfo, TBlobStore, TByteRange } from "../types";
import { assertBlobKey } from "./keys";
import { resolveRange } from "./range";

const FALLBACK_TYPE = "application/octet-stream";
// `~` cannot occur in a key, so no key's data file can collide with another key's sidecar.
const META_SUFFIX = "~meta.json";

function isNotFound(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

/** Creates the file-system blob store rooted at `root` (normally `DATA_DIR/blobs`). */
export function createFsBlobStore(root: string): TBlobStore {
  const dirOf = (key: string) => {
    const shard = key.toLowerCase().padEnd(4, "_");
    return join(root, shard.slice(0, 2), shard.slice(2, 4));
  };
  const pathOf = (key: string) => join(dirOf(key), key);

  async function readContentType(key: string): Promise<string> {
    try {
      const meta: unknown = JSON.parse(await readFile(pathOf(key) + META_SUFFIX, "utf8"));
      if (
        typeof meta === "object" &&
        meta !== null &&
        "contentType" in meta &&
        typeof meta.contentType === "string"
      ) {
        return meta.contentType;
      }
    } catch (error) {
      if (!isNotFound(error) && !(error instanceof SyntaxError)) throw error;
    }
    return FALLBACK_TYPE;
  }

  return {
    kind: "fs",

    async put(key, body, info) {
      assertBlobKey(key);
      const dir = dirOf(key);
      await mkdir(dir, { recursive: true });
      // Temp names start with `.`, which no key may, so they never shadow a blob.
      const tmp = join(dir, `.${key}.${randomBytes(6).toString("hex")}.tmp`);
      const tmpMeta = `${tmp}.meta`;
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(tmp, { flags: "wx" }));
        await writeFile(tmpMeta, JSON.stringify({ contentType: info.contentType }), { flag: "wx" });
        await rename(tmpMeta, pathOf(key) + META_SUFFIX);
        await rename(tmp, pathOf(key));
      } finally {
        await rm(tmp, { force: true });
        await rm(tmpMeta, { force: true });
      }
    },

    async head(key): Promise<TBlobInfo | null> {
      assertBlobKey(key);
      try {
        const stats = await stat(pathOf(key));
        return { size: stats.size, contentType: await readContentType(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async get(key, range?: TByteRange) {
      assertBlobKey(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        // An open handle keeps reading the same file even if it is replaced or deleted meanwhile.
        handle = await open(pathOf(key), "r");
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        const contentType = await readContentType(key);
        const bounds = range === undefined ? undefined : resolveRange(range, size);
        const body = handle.createReadStream(bounds ? { start: bounds.start, end: bounds.end } : {});
        return { size, contentType, body };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      assertBlobKey(key);
      await rm(pathOf(key), { force: true });
      await rm(pathOf(key) + META_SUFFIX, { force: true });
    },
  };
}
