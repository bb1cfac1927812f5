/**
 * The share-link resolve cache (issue 9 item 24): what does not change per visit — the link row,
 * the content as visitors see it and the owner's account info — kept per link in a small
 * in-process LRU, so a visit costs one counting statement instead of four queries and a write.
 *
 * Correct across instances by versions, not by timing: every cached part carries the version of
 * its key (`link:<url>`, `content:<id>`, `owner:<id>`) read before it was loaded; every write path
 * bumps the version after its commit (link delete, content change or delete, plan change,
 * account delete), and a hit is used only when the versions are still the same. With REDIS_URL the
 * versions live in Redis (one MGET per visit, INCR per write), so instance B sees instance A's
 * change on its very next resolve; without it (one instance) they live in memory. If Redis cannot
 * answer, the cache is bypassed, never trusted. A TTL bounds what a write outside these paths
 * (a plan edited by hand in the database, a trial that ends) can leave stale.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

/** Versions of cached things. */
export interface TCacheVersions {
  /** The current versions of `keys`, or null when they cannot be read (then nothing is trusted). */
  read(keys: readonly string[]): Promise<string[] | null>;
  /** Makes every cached copy of `keys` stale, on every instance, before it resolves. */
  bump(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** Versions in this process only (one instance, no Redis). */
export function localVersions(): TCacheVersions {
  const versions = new Map<string, number>();
  return {
    read: async (keys) => keys.map((key) => String(versions.get(key) ?? 0)),
    async bump(keys) {
      for (const key of keys) versions.set(key, (versions.get(key) ?? 0) + 1);
    },
    async close() {},
  };
}

/** Versions shared by every instance through Redis. */
export function redisVersions(url: string, logger: FastifyBaseLogger): TCacheVersions {
  const prefix = "vitrine:sharing:v:";
  let redis: Redis | undefined;
  let isClosed = false;
  let isErrorLogged = false;
  // Imported only with REDIS_URL (bench/README.md, server-memory) and connected in the
  // background; until then reads fail (cache bypassed) and bumps wait for it.
  const ready = import("ioredis").then(({ Redis }) => {
    if (isClosed) return;
    // No offline queue: while Redis is away, reads fail at once and the cache is bypassed.
    const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on("error", (err: Error) => {
      if (isErrorLogged) return;
      isErrorLogged = true;
      logger.error({ err: err.message }, "sharing cache: redis error");
    });
    client.on("ready", () => {
      isErrorLogged = false;
    });
    redis = client;
    return client.connect().catch(() => undefined);
  });
  return {
    async read(keys) {
      if (redis?.status !== "ready") return null;
      try {
        const values = await redis.mget(keys.map((key) => prefix + key));
        return values.map((value) => value ?? "0");
      } catch {
        return null;
      }
    },
    async bump(keys) {
      if (keys.length === 0) return;
      await ready;
      if (!redis) return;
      const pipeline = redis.pipeline();
      // A day is far longer than any cached copy lives; the key then starts again at 0.
      for (const key of keys) pipeline.incr(prefix + key).expire(prefix + key, 86_400);
      try {
        await pipeline.exec();
      } catch (error) {
        logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          "sharing cache: bump failed",
        );
      }
    },
    async close() {
      isClosed = true;
      redis?.disconnect();
    },
  };
}

/** One cached value and the versions it was loaded under. */
interface TEntry<T> {
  value: T;
  keys: string[];
  versions: string[];
  expiresAt: number;
}

/** A cache of values by id, each depending on some versioned keys. */
export interface TVersionedCache<T> {
  /**
   * The value of `id`: the cached copy while its keys' versions are unchanged, else `load`ed.
   * `load` receives `versionsOf`, which it calls with the keys of what it reads *before* reading
   * them. Null values are not cached.
   */
  get(
    id: string,
    load: (versionsOf: (keys: string[]) => Promise<void>) => Promise<T | null>,
  ): Promise<T | null>;
  /** Bumps the versions of `keys` (every instance) and drops local copies at once. */
  invalidate(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** Creates a versioned LRU cache of at most `maxEntries`, each kept at most `ttlMs`. */
export function createVersionedCache<T>(
  versions: TCacheVersions,
  options: { maxEntries: number; ttlMs: number },
): TVersionedCache<T> {
  const entries = new Map<string, TEntry<T>>();

  function remember(id: string, entry: TEntry<T>): void {
    entries.delete(id);
    entries.set(id, entry);
    if (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  }

  return {
    async get(id, load) {
      const entry = entries.get(id);
      if (entry && entry.expiresAt > Date.now()) {
        const current = await versions.read(entry.keys);
        if (current?.every((v, i) => v === entry.versions[i])) {
          // Least recently used goes first: move the hit to the end.
          entries.delete(id);
          entries.set(id, entry);
          return entry.value;
        }
      }
      entries.delete(id);
      const keys: string[] = [];
      const seen: string[] = [];
      let isTrusted = true;
      const value = await load(async (more) => {
        const read = await versions.read(more);
        if (!read) isTrusted = false;
        keys.push(...more);
        seen.push(...(read ?? more.map(() => "")));
      });
      if (value !== null && isTrusted) {
        remember(id, { value, keys, versions: seen, expiresAt: Date.now() + options.ttlMs });
      }
      return value;
    },
    async invalidate(keys) {
      if (keys.length === 0) return;
      await versions.bump(keys);
      for (const [id, entry] of entries) {
        if (entry.keys.some((key) => keys.includes(key))) entries.delete(id);
      }
    },
    close: () => versions.close(),
  };
}
