/**
 * Counting a link's accesses without a database write per visit (issue 9 item 24), never
 * passing a monthly limit and never letting the month and the total disagree (item 4).
 *
 * - A link **with** a monthly limit (Basic: 100) is counted by one statement per visit
 *   (`countAccess`: month and total together, only while under the limit), so no instance ever
 *   lets one visitor too many through. Once a month is full it stays full (counts only grow), so
 *   the answer is remembered and later visits cost nothing.
 * - A link **without** a limit is counted in memory and written behind, at most every `flushMs`
 *   and at stop, one statement per batch adding to the month and the total together. A failed
 *   write keeps its counts for the next try, so an outage delays counts and never splits them. A
 *   crash (`kill -9`) loses at most the last `flushMs` of counts.
 */
import type { FastifyBaseLogger } from "fastify";
import type { TDrizzle } from "../../platform/types";
import { addAccesses, countAccess } from "./queries";

/** How often counts of unlimited links are written. */
export const ACCESS_FLUSH_MS = 250;
/** Full months remembered at most (forgetting one only costs a statement). */
const MAX_FULL = 10_000;

/** Counts accesses of share links. */
export interface TAccessCounter {
  /** Counts one access of `url` in `month`; false (nothing counted) when `limit` is reached. */
  count(url: string, month: string, limit: number | null): Promise<boolean>;
  /** Writes the counts kept in memory now. */
  flush(): Promise<void>;
  /** Writes what is left and stops the timer. */
  stop(): Promise<void>;
}

/** Creates the counter. */
export function createAccessCounter(
  db: TDrizzle,
  options: { logger: FastifyBaseLogger; flushMs?: number },
): TAccessCounter {
  const flushMs = options.flushMs ?? ACCESS_FLUSH_MS;
  /** `month` → `url` → accesses not yet written. */
  let pending = new Map<string, Map<string, number>>();
  const full = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function hasPending(url: string): boolean {
    for (const urls of pending.values()) if (urls.has(url)) return true;
    return false;
  }

  async function writePending(): Promise<void> {
    const batch = pending;
    pending = new Map();
    for (const [month, urls] of batch) {
      try {
        await addAccesses(db, month, urls);
      } catch (error) {
        // Kept for the next try: the counts arrive late, never split between month and total.
        const again = pending.get(month) ?? new Map<string, number>();
        for (const [url, n] of urls) again.set(url, (again.get(url) ?? 0) + n);
        pending.set(month, again);
        options.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "share-link access counts not written yet",
        );
        schedule();
      }
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    writing = writing.then(writePending);
    return writing;
  }

  function schedule(): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    timer.unref();
  }

  return {
    async count(url, month, limit) {
      if (limit === null) {
        const urls = pending.get(month) ?? new Map<string, number>();
        urls.set(url, (urls.get(url) ?? 0) + 1);
        pending.set(month, urls);
        schedule();
        return true;
      }
      const fullKey = `${month}|${limit}|${url}`;
      if (full.has(fullKey)) return false;
      // Counts of the link from before a downgrade go first, so the limit sees them.
      if (hasPending(url)) await flush();
      const counted = await countAccess(db, url, month, limit);
      if (!counted) {
        if (full.size >= MAX_FULL) full.clear();
        full.add(fullKey);
      }
      return counted;
    },
    flush,
    async stop() {
      await flush();
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
