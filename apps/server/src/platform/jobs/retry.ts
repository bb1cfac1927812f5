/** Retry policy of the job queue. */
import { type SQL, sql } from "drizzle-orm";

/** Longest wait between two attempts. */
const MAX_BACKOFF_MS = 60 * 60_000;
/** Longest error message kept on a job row. */
const MAX_ERROR_LENGTH = 1000;

/** Wait before the next try after `attempts` failed attempts: 2^attempts seconds, capped at an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, MAX_BACKOFF_MS);
}

/** The message stored for a failure: the error's message only, never its stack. */
export function errorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
}

/** SQL for an interval of `ms` milliseconds (a bound parameter, typed so PostgreSQL can infer it). */
export function millis(ms: number): SQL {
  return sql`(${ms}::double precision * interval '1 millisecond')`;
}
