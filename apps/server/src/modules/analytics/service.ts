/**
 * View log intake: rows are buffered and written in batches, one INSERT per batch, at most every
 * LOG_FLUSH_MS, as soon as a batch is full, and at stop (nothing is lost on a clean stop).
 */
import { newId, type TViewLog } from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { TDrizzle } from "../../platform/types";
import { insertViewLogs, type TNewViewLog } from "./queries";

/** Rows per INSERT; a full buffer is written without waiting for the timer. */
export const LOG_BATCH_SIZE = 500;
/** Rows kept while the database refuses writes; older ones are dropped past this. */
const MAX_BUFFERED = 50_000;
const MAX_USER_AGENT = 512;

/** Batches view logs into the database. */
export interface TViewLogWriter {
  /** Buffers one validated log; `userAgent` comes from the request, never the payload. */
  record(log: TViewLog, userAgent: string): void;
  /** Writes everything buffered now. */
  flush(): Promise<void>;
  /** Writes what is left; call at shutdown before the database closes. */
  stop(): Promise<void>;
}

/** Creates the batch writer. */
export function createViewLogWriter(
  db: TDrizzle,
  options: { flushMs: number; logger: FastifyBaseLogger; batchSize?: number },
): TViewLogWriter {
  const { flushMs, logger } = options;
  const batchSize = options.batchSize ?? LOG_BATCH_SIZE;
  let buffer: TNewViewLog[] = [];
  let timer: NodeJS.Timeout | undefined;
  // Flushes run one after another so batches keep their order and stop() can await the last.
  let writing: Promise<void> = Promise.resolve();
  let isFlushQueued = false;

  function scheduleFlush(): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    timer.unref();
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    isFlushQueued = true;
    writing = writing.then(writeBuffered);
    return writing;
  }

  async function writeBuffered(): Promise<void> {
    isFlushQueued = false;
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchSize);
      buffer = buffer.slice(batch.length);
      try {
        await insertViewLogs(db, batch);
      } catch (err) {
        buffer = batch.concat(buffer);
        if (buffer.length > MAX_BUFFERED) {
          logger.error({ dropped: buffer.length - MAX_BUFFERED }, "analytics: view logs dropped");
          buffer = buffer.slice(buffer.length - MAX_BUFFERED);
        }
        logger.error(
          { err: err instanceof Error ? err.message : String(err), pending: buffer.length },
          "analytics: view log write failed; will retry",
        );
        scheduleFlush();
        return;
      }
    }
  }

  return {
    record(log, userAgent) {
      buffer.push(toRow(log, userAgent));
      if (buffer.length >= batchSize) {
        if (!isFlushQueued) void flush();
      } else {
        scheduleFlush();
      }
    },
    flush,
    async stop() {
      await flush();
      clearTimeout(timer);
      timer = undefined;
      if (buffer.length > 0)
        logger.error({ lost: buffer.length }, "analytics: view logs not written at stop");
    },
  };
}

function toRow(log: TViewLog, userAgent: string): TNewViewLog {
  return {
    id: newId("log"),
    visitUserId: log.visit_userId,
    contentOwnerId: log.contentOwnerId,
    sessionId: log.sessionId,
    contentId: log.contentId,
    pageType: log.pageType,
    contentType: log.contentType,
    action: log.action,
    path: log.path,
    metadata: log.metadata,
    referrer: log.referrer,
    userAgent: userAgent.slice(0, MAX_USER_AGENT),
    // The time the log arrived, not the time its batch was written.
    createdAt: new Date(),
    duration: log.duration ?? null,
  };
}
