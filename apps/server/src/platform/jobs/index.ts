/**
 * The jobs adapter: rows in the `jobs` table, run by in-process workers. Any number of server
 * instances may poll one database: a job is claimed inside a transaction with
 * `FOR UPDATE SKIP LOCKED`, so exactly one worker gets it.
 *
 * A worker renews `locked_at` of the jobs it runs every `heartbeatMs` (its heartbeat). A job
 * whose heartbeat stopped for `staleAfterMs` belonged to a worker that died (`kill -9`, a crash,
 * a lost machine) and is claimed again by any worker. On PGlite only one process can open the
 * database, so a job still `running` from before this process started is claimed at once.
 */
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TConfig } from "../../config";
import type { TDatabase, TJob, TJobQueue } from "../types";
import {
  claimJobs,
  findJob,
  insertJob,
  recordOutcome,
  renewLocks,
  type TJobOutcome,
  type TJobRow,
} from "./queries";
import { backoffMs, errorMessage, millis } from "./retry";

/** Handler of one job type; throwing (or rejecting) schedules a retry. */
type THandler = (job: TJob) => Promise<void>;

/** A registered job type. */
interface TRegistered {
  handler: THandler;
  onAbandoned?: THandler;
}

/** Tuning that has no environment variable; defaults suit production. */
export interface TJobQueueOptions {
  /** A job `running` without a heartbeat for this long is taken as abandoned (its worker died). */
  staleAfterMs?: number;
  /** How often a worker renews the `locked_at` of the jobs it runs. */
  heartbeatMs?: number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
/** Three missed heartbeats and a margin: a job of a dead worker is taken up within a minute. */
const DEFAULT_STALE_AFTER_MS = 45_000;
const DEFAULT_HEARTBEAT_MS = 10_000;
/** When this process started: on PGlite, a job locked before then was locked by a dead process. */
const PROCESS_STARTED_AT = new Date(performance.timeOrigin);

/** Creates the job queue; workers start with `start()` (none when JOBS_CONCURRENCY is 0). */
export function createJobQueue(
  database: TDatabase,
  config: TConfig,
  logger: FastifyBaseLogger,
  options: TJobQueueOptions = {},
): TJobQueue {
  const { db } = database;
  const { concurrency, pollMs } = config.jobs;
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  // On PGlite only this process opens the database: a job locked before it started is abandoned.
  const startedBefore = database.kind === "pglite" ? PROCESS_STARTED_AT : null;
  const handlers = new Map<string, TRegistered>();
  const running = new Set<Promise<void>>();
  /** Jobs this queue runs now: id → the attempt it runs (the heartbeat renews exactly these). */
  const active = new Map<string, number>();
  let isStarted = false;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let isWakeRequested = false;

  function schedule(delayMs: number): void {
    if (!isStarted) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    // Timers must not keep a process alive on their own; stop() is the orderly way out.
    timer.unref();
  }

  /** Polls now, or right after the poll in progress. */
  function wake(): void {
    if (polling) isWakeRequested = true;
    else schedule(0);
  }

  function tick(): void {
    timer = undefined;
    if (polling) {
      isWakeRequested = true;
      return;
    }
    polling = poll().finally(() => {
      polling = undefined;
      if (isWakeRequested) {
        isWakeRequested = false;
        schedule(0);
      } else {
        schedule(pollMs);
      }
    });
  }

  async function poll(): Promise<void> {
    const free = concurrency - running.size;
    if (free <= 0 || handlers.size === 0) return;
    let claimed: TJobRow[];
    try {
      claimed = await claimJobs(db, [...handlers.keys()], free, staleAfterMs, startedBefore);
    } catch (err) {
      logger.error({ err: errorMessage(err) }, "jobs: claim failed");
      return;
    }
    for (const row of claimed) {
      active.set(row.id, row.attempts);
      const run = runJob(row).finally(() => {
        active.delete(row.id);
        running.delete(run);
        wake();
      });
      running.add(run);
    }
  }

  /** Renews the heartbeat of the jobs this queue runs. */
  async function beat(): Promise<void> {
    if (active.size === 0) return;
    try {
      await renewLocks(db, active);
    } catch (err) {
      // A missed beat or two is harmless; the job is only taken as abandoned after several.
      logger.warn({ err: errorMessage(err) }, "jobs: heartbeat failed");
    }
  }

  async function runJob(row: TJobRow): Promise<void> {
    const registered = handlers.get(row.type);
    if (!registered) return;
    const job: TJob = { id: row.id, type: row.type, payload: row.payload, attempts: row.attempts };
    // A job reclaimed from a dead worker may already have used its last attempt there.
    if (row.attempts > row.maxAttempts) {
      logger.warn({ jobId: row.id, type: row.type }, "job abandoned: its worker stopped on the last attempt");
      try {
        await registered.onAbandoned?.(job);
      } catch (err) {
        logger.error({ jobId: row.id, err: errorMessage(err) }, "jobs: onAbandoned failed");
      }
      await settle(row, { status: "failed", lastError: "The worker running this job stopped." });
      return;
    }
    logger.debug({ jobId: row.id, type: row.type, attempt: row.attempts }, "job started");
    try {
      await registered.handler(job);
      await settle(row, { status: "done", lastError: null });
    } catch (err) {
      const message = errorMessage(err);
      const isLast = row.attempts >= row.maxAttempts;
      logger.warn(
        { jobId: row.id, type: row.type, attempt: row.attempts, err: message, stack: stackOf(err) },
        isLast ? "job failed" : "job failed, will retry",
      );
      await settle(
        row,
        isLast
          ? { status: "failed", lastError: message }
          : {
              status: "queued",
              lastError: message,
              runAt: sql`now() + ${millis(backoffMs(row.attempts))}`,
            },
      );
    }
  }

  /** Records the outcome, unless another worker has reclaimed the job meanwhile. */
  async function settle(row: TJobRow, outcome: TJobOutcome): Promise<void> {
    try {
      await recordOutcome(db, row, outcome);
    } catch (err) {
      // The row stays `running`; it is reclaimed once stale.
      logger.error({ jobId: row.id, err: errorMessage(err) }, "jobs: could not record the outcome");
    }
  }

  return {
    async enqueue(type, payload, opts = {}) {
      const id = await insertJob(db, type, payload, opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, opts.runAt);
      if (!opts.runAt || opts.runAt.getTime() <= Date.now()) wake();
      return id;
    },

    register(type, handler, registerOptions = {}) {
      if (handlers.has(type)) throw new Error(`jobs: a handler for "${type}" is already registered`);
      handlers.set(type, { handler, onAbandoned: registerOptions.onAbandoned });
    },

    start() {
      if (isStarted) return;
      if (concurrency === 0) {
        logger.info("jobs: workers off (JOBS_CONCURRENCY=0)");
        return;
      }
      isStarted = true;
      heartbeat = setInterval(() => void beat(), heartbeatMs);
      heartbeat.unref();
      schedule(0);
    },

    async stop() {
      isStarted = false;
      clearTimeout(timer);
      timer = undefined;
      await polling;
      await Promise.allSettled([...running]);
      clearInterval(heartbeat);
      heartbeat = undefined;
    },

    getJob(id) {
      return findJob(db, id);
    },
  };
}

function stackOf(err: unknown): string | undefined {
  return err instanceof Error ? err.stack : undefined;
}
