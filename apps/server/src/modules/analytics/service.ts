/**
 * View log intake (issue 9, item 10): a log is answered `accepted` only once its row is stored.
 * Rows are written with group commit: while one INSERT runs, the rows that arrive wait, and the
 * next INSERT takes them all (at most `LOG_BATCH_SIZE` each). Under load a request waits for about
 * one INSERT and the database sees one statement per batch, not per row; a crash loses only rows
 * whose requests were never answered.
 */
import { newId, type TViewLog } from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { TDrizzle } from "../../platform/types";
import { insertViewLogs, type TNewViewLog } from "./queries";

/** Rows per INSERT at most. */
export const LOG_BATCH_SIZE = 500;
const MAX_USER_AGENT = 512;

/** Writes view logs in batches, each before its requests are answered. */
export interface TViewLogWriter {
  /**
   * Stores one validated log; `userAgent` comes from the request, never the payload. Resolves
   * once the row is written; rejects with the database's error when its batch could not be.
   */
  record(log: TViewLog, userAgent: string): Promise<void>;
  /** Waits for the batches being written; call at shutdown before the database closes. */
  stop(): Promise<void>;
}

interface TWaiting {
  row: TNewViewLog;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Creates the group-commit writer. */
export function createViewLogWriter(
  db: TDrizzle,
  options: { logger: FastifyBaseLogger; batchSize?: number },
): TViewLogWriter {
  const { logger } = options;
  const batchSize = options.batchSize ?? LOG_BATCH_SIZE;
  let waiting: TWaiting[] = [];
  let writing: Promise<void> | undefined;

  async function writeWaiting(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, batchSize);
      waiting = waiting.slice(batch.length);
      try {
        await insertViewLogs(
          db,
          batch.map((w) => w.row),
        );
      } catch (err) {
        logger.error(
          { err: err instanceof Error ? err.message : String(err), rows: batch.length },
          "analytics: view log write failed",
        );
        for (const w of batch) w.reject(err);
        continue;
      }
      for (const w of batch) w.resolve();
    }
    writing = undefined;
  }

  return {
    record(log, userAgent) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ row: toRow(log, userAgent), resolve, reject });
        writing ??= writeWaiting();
      });
    },
    async stop() {
      await writing;
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
    // The time the log arrived.
    createdAt: new Date(),
    duration: log.duration ?? null,
  };
}
