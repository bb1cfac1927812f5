/**
 * The job queue's statements on the `jobs` table: claim due jobs, renew the heartbeat of running
 * ones, record an outcome, add a job and read one back.
 */
import { newId } from "@vitrine/contract";
import { and, eq, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { jobs } from "../../db/schema/platform";
import type { TDrizzle, TJobState } from "../types";
import { millis } from "./retry";

/** A job's row. */
export type TJobRow = typeof jobs.$inferSelect;

/** How a run ended: done, failed for good, or queued again (`runAt`) for a retry. */
export interface TJobOutcome {
  status: TJobState["status"];
  lastError: string | null;
  runAt?: SQL;
}

/**
 * Claims up to `limit` jobs of `types` that are due, or running without a heartbeat for
 * `staleAfterMs` (or, in a single-process database, locked before `startedBefore`), in one
 * transaction with `FOR UPDATE SKIP LOCKED`: exactly one worker gets each.
 */
export async function claimJobs(
  db: TDrizzle,
  types: string[],
  limit: number,
  staleAfterMs: number,
  startedBefore: Date | null,
): Promise<TJobRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.type, types),
          or(
            and(eq(jobs.status, "queued"), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.status, "running"), lt(jobs.lockedAt, sql`now() - ${millis(staleAfterMs)}`)),
            ...(startedBefore ? [and(eq(jobs.status, "running"), lt(jobs.lockedAt, startedBefore))] : []),
          ),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        status: "running",
        attempts: sql`${jobs.attempts} + 1`,
        lockedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          jobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** Renews `locked_at` of the running jobs given as id → the attempt this worker runs. */
export async function renewLocks(db: TDrizzle, active: ReadonlyMap<string, number>): Promise<void> {
  const mine = [...active].map(([id, attempts]) => and(eq(jobs.id, id), eq(jobs.attempts, attempts)));
  await db
    .update(jobs)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(jobs.status, "running"), or(...mine)));
}

/** Records the outcome of a run, unless another worker has reclaimed the job meanwhile. */
export async function recordOutcome(db: TDrizzle, row: TJobRow, outcome: TJobOutcome): Promise<void> {
  await db
    .update(jobs)
    .set({ ...outcome, lockedAt: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, row.id), eq(jobs.status, "running"), eq(jobs.attempts, row.attempts)));
}

/** Adds a queued job; returns its id. */
export async function insertJob(
  db: TDrizzle,
  type: string,
  payload: unknown,
  maxAttempts: number,
  runAt: Date | undefined,
): Promise<string> {
  const id = newId("job");
  await db
    .insert(jobs)
    .values({ id, type, payload: payload ?? {}, maxAttempts, ...(runAt ? { runAt } : {}) });
  return id;
}

/** A job's state, or null when there is none. */
export async function findJob(db: TDrizzle, id: string): Promise<TJobState | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) return null;
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAt: row.runAt,
    lastError: row.lastError,
  };
}
