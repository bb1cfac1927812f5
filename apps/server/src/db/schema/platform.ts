/** Platform tables: the `jobs` queue polled by in-process workers (platform/jobs). */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Life of a job: queued → running → done, or back to queued for a retry, or failed at last. */
export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;

/** A job status. */
export type TJobStatus = (typeof JOB_STATUSES)[number];

/** Background jobs. Claimed with `FOR UPDATE SKIP LOCKED`, so any number of instances can poll. */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("jobs_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    // Workers only ever look for due queued jobs (and stale running ones): keep that scan small.
    index("jobs_due_idx").on(t.runAt).where(sql`${t.status} = 'queued'`),
    index("jobs_running_idx").on(t.lockedAt).where(sql`${t.status} = 'running'`),
  ],
);
