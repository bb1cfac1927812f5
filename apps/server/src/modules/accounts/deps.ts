/** What the accounts services need, and the fixed numbers of issue 3. */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { TConfig } from "../../config";
import type { TDrizzle, TMailer, TRateLimiter } from "../../platform/types";

/** The accounts services' dependencies; `now` is injectable so tests need not wait. */
export interface TAccountsDeps {
  db: TDrizzle;
  mail: TMailer;
  rateLimits: TRateLimiter;
  config: TConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
}

const MINUTE_MS = 60_000;

/** The version of the terms a consent is given to. */
export const CONSENT_VERSION = "2026-11-22";
/** Life of a verification code. */
export const CODE_TTL_MS = 10 * MINUTE_MS;
/** Checks (right or wrong) one code allows. */
export const CODE_MAX_TRIES = 5;
/** Least time between two codes for one address. */
export const CODE_RESEND_MS = MINUTE_MS;
/** Codes one address may get in an hour. */
export const CODE_SENDS_PER_HOUR = 5;
/** How long a verified address may be used to register. */
export const VERIFIED_VALID_MS = 60 * MINUTE_MS;
/** Sliding life of a session. */
export const SESSION_TTL_MS = 30 * 24 * 60 * MINUTE_MS;
/** A session's last-seen time and expiry are written at most this often. */
export const SESSION_TOUCH_MS = 5 * MINUTE_MS;
/** Life of a password reset link. */
export const RESET_TTL_MS = 60 * MINUTE_MS;

/** Failed sign-ins an account takes a day from unknown devices and places before back-off starts. */
export const LOGIN_FREE_FAILURES = 10;
/** The first back-off wait; each further failure doubles it. */
export const LOGIN_BACKOFF_FIRST_SECONDS = 30;
/** The longest back-off wait. */
export const LOGIN_BACKOFF_MAX_SECONDS = 15 * 60;
/** An IP the account signed in from within this time is one of its places. */
export const KNOWN_PLACE_MS = 90 * 24 * 60 * MINUTE_MS;

/** Rate-limit buckets the accounts services count (platform/rate-limit/buckets.ts). */
export const BUCKETS = {
  loginIp: "login-ip",
  loginAccountIp: "login-account-ip",
  loginDevice: "login-device",
  loginAccountFailures: "login-account-failures",
  loginAccountWait: "login-account-wait",
  passwordConfirm: "password-confirm",
  resetEmail: "reset-email",
} as const;

/** E-mail IDs and addresses are compared lower-cased and trimmed. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Id of a row no contract names (consents, verifications, resets): a prefix plus a UUID. */
export function rowId(prefix: "consent" | "verification" | "reset" | "notice"): string {
  return `${prefix}_${randomUUID()}`;
}
