/**
 * Interfaces of the platform adapters. Each has an embedded default and a scale-out choice
 * (DESIGN.md): db PGlite | PostgreSQL, blobs files | S3, mail outbox | SMTP,
 * realtime local | Redis, rate limits memory | Redis. Modules depend on these interfaces only.
 */
import type { Readable } from "node:stream";
import type { TAuthLevel } from "@vitrine/contract";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { TConfig } from "../config";

/** Who is calling, once the auth hook has run. */
export interface TAuth {
  userId: string;
  sessionId: string;
  isSuper: boolean;
}

/** What a resolver answers: who is calling, and a refreshed access token when it had expired. */
export interface TAuthResult {
  auth: TAuth | null;
  /** Set when the token expired on a live session: the dispatcher answers 803 with it. */
  atk?: string;
}

/**
 * Turns the bearer token of a request into a caller. Throws `AppError('forbidden')` for a bad
 * or revoked token on `owner`/`super` calls; may return `auth: null` on `none` calls.
 */
export interface TAuthResolver {
  authenticate(token: string | undefined, level: TAuthLevel): Promise<TAuthResult>;
  /** Registers a listener told of sessions that ended (sign-out, password change, deletion): open sockets close. */
  onSessionsEnded?(listener: (sessionIds: string[]) => void): void;
}

/** Drizzle database, whichever driver is underneath. */
export type TDrizzle = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** The database adapter. */
export interface TDatabase {
  readonly kind: "pglite" | "postgres";
  readonly db: TDrizzle;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Metadata of a stored blob. */
export interface TBlobInfo {
  size: number;
  contentType: string;
}

/** A byte range, inclusive, as in HTTP `Range: bytes=start-end`. */
export interface TByteRange {
  start: number;
  end: number;
}

/** The blob store adapter. Keys are content hashes chosen by the caller. */
export interface TBlobStore {
  readonly kind: "fs" | "s3";
  put(key: string, body: Buffer | Readable, info: { contentType: string }): Promise<void>;
  head(key: string): Promise<TBlobInfo | null>;
  /** Reads a blob or a range of it; null when the key does not exist. */
  get(key: string, range?: TByteRange): Promise<(TBlobInfo & { body: Readable }) | null>;
  delete(key: string): Promise<void>;
}

/** A mail message. */
export interface TMailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail adapter. */
export interface TMailer {
  readonly kind: "outbox" | "smtp";
  send(message: TMailMessage): Promise<{ id: string }>;
  close(): Promise<void>;
}

/** A job handed to a handler. */
export interface TJob {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
}

/** A job's stored state, for status checks and tests. */
export interface TJobState {
  id: string;
  type: string;
  status: "queued" | "running" | "done" | "failed";
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  /** Message of the last failure (never a stack); null once none happened. */
  lastError: string | null;
}

/** The jobs adapter: a `jobs` table polled by in-process workers. */
export interface TJobQueue {
  enqueue(type: string, payload: unknown, options?: { runAt?: Date; maxAttempts?: number }): Promise<string>;
  /**
   * Sets the handler of a job type. `onAbandoned` runs instead of the handler when a job comes
   * back from a dead worker with no attempt left, so its owner can be told (the job then fails).
   */
  register(
    type: string,
    handler: (job: TJob) => Promise<void>,
    options?: { onAbandoned?: (job: TJob) => Promise<void> },
  ): void;
  start(): void;
  /** Stops polling and waits for running jobs to finish. */
  stop(): Promise<void>;
  /** The stored state of a job; null when no job has this id. */
  getJob(id: string): Promise<TJobState | null>;
}

/** The rate-limit adapter. */
export interface TRateLimiter {
  readonly kind: "memory" | "redis";
  /** Counts one hit of `key` in `bucket`; throws AppError('rateLimited') past the limit. */
  consume(bucket: string, key: string): Promise<void>;
  /** Gives back one hit, e.g. a sign-in that succeeded after being counted; never counts below zero. */
  refund(bucket: string, key: string): Promise<void>;
  reset(bucket: string, key: string): Promise<void>;
  /** Counts one hit of `key` without ever refusing it; answers the hits in the window so far. */
  tally(bucket: string, key: string): Promise<number>;
  /** Refuses `key` in `bucket` for `seconds` from now (consume answers rateLimited with the wait). */
  block(bucket: string, key: string, seconds: number): Promise<void>;
  close(): Promise<void>;
}

/** Everything a module may use. */
export interface TPlatform {
  config: TConfig;
  logger: FastifyBaseLogger;
  database: TDatabase;
  blobs: TBlobStore;
  mail: TMailer;
  jobs: TJobQueue;
  rateLimits: TRateLimiter;
}
