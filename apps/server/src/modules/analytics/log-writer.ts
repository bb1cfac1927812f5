/**
 * View log intake (issue 9, item 10): a log is answered `accepted` only once its row is stored.
 * Rows are written with group commit: while one INSERT runs, the rows that arrive wait, and the
 * next INSERT takes them all (at most `LOG_BATCH_SIZE` each). Under load a request waits for about
 * one INSERT and the database sees one statement per batch, not per row; a crash loses only rows
 * whose requests were never answered.
 */
import { newId } from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { TDrizzle } from "../../platform/types";
import { insertViewLogs, type TNewViewLog } from "./queries";

/** Rows per INSERT at most. */
export const LOG_BATCH_SIZE = 500;

/** Writes view logs in batches, each before its requests are answered. */
export interface TViewLogWriter {
  /**
   * Stores rows (already validated and reduced by intake). Resolves once they are written;
   * rejects with the database's error when their batch could not be.
   */
  record(rows: TNewViewLog[]): Promise<void>;
  /** Waits for the batches being written; call at shutdown before the database closes. */
  stop(): Promise<void>;
}

interface TWaiting {
  row: TNewViewLog;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A new row's id. */
export function newLogId(): string {
  return newId("log");
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
    record(rows) {
      if (rows.length === 0) return Promise.resolve();
      return Promise.all(
        rows.map(
          (row) =>
            new Promise<void>((resolve, reject) => {
              waiting.push({ row, resolve, reject });
              writing ??= writeWaiting();
            }),
        ),
      ).then(() => undefined);
    },
    async stop() {
      await writing;
    },
  };
}
