/**
 * Rate-limit buckets: one per contract rate class (`TRateClass`), which the dispatcher counts per
 * IP, plus named buckets that services count themselves (per account, per e-mail…).
 */
import type { TRateClass } from "@vitrine/contract";

/** A bucket: at most `points` hits per `duration` seconds for one key. */
export interface TRateBucket {
  points: number;
  duration: number;
}

/** Buckets of the contract's rate classes. */
export const RATE_CLASS_BUCKETS: Record<TRateClass, TRateBucket> = {
  default: { points: 300, duration: 60 },
  auth: { points: 20, duration: 60 },
  log: { points: 600, duration: 60 },
  upload: { points: 30, duration: 60 },
  heavy: { points: 20, duration: 60 },
};

/** Every bucket by name. Services add named buckets here (keyed by account, not IP). */
export const RATE_BUCKETS: Record<string, TRateBucket> = {
  ...RATE_CLASS_BUCKETS,
  /** Failed sign-ins per IP, whatever the accounts (a success gives its try back). */
  "login-ip": { points: 20, duration: 15 * 60 },
  /** Sign-in tries per account and IP, strict (a success clears them). */
  "login-account-ip": { points: 5, duration: 15 * 60 },
  /** Sign-in tries per account from one known device, strict (a success clears them). */
  "login-device": { points: 5, duration: 15 * 60 },
  /** Failed sign-ins per account from unknown devices and places: counted only, for the back-off. */
  "login-account-failures": { points: 1_000_000_000, duration: 24 * 60 * 60 },
  /** The account's back-off: blocked for the wait, never refused otherwise. */
  "login-account-wait": { points: 1_000_000_000, duration: 24 * 60 * 60 },
  /** Password checks of a signed-in user (change password, delete account). */
  "password-confirm": { points: 5, duration: 15 * 60 },
  /** Password reset mails asked for per address. */
  "reset-email": { points: 5, duration: 60 * 60 },
  /** Share-link password tries per link and IP (a right one is given back). */
  "sharelink-unlock": { points: 5, duration: 15 * 60 },
  /** Business-connecting forms sent per IP (matching; refused ones count too). */
  "connect-ip": { points: 10, duration: 60 * 60 },
  /** Business-connecting forms sent per address (matching; stored ones are also capped per day). */
  "connect-email": { points: 10, duration: 60 * 60 },
  /** Chat handshakes per IP, counted before the token is checked. */
  "ws-handshake-ip": { points: 60, duration: 60 },
  /** Open chat sockets per IP: taken at connect, given back at disconnect (a lease of one hour). */
  "ws-open-ip": { points: 20, duration: 60 * 60 },
  /** Open chat sockets per user, likewise. */
  "ws-open-user": { points: 10, duration: 60 * 60 },
  /** Chat events per socket. */
  "ws-event-socket": { points: 20, duration: 10 },
  /** Chat events per IP, all its sockets together. */
  "ws-event-ip": { points: 60, duration: 10 },
  /** Q&A questions an account asks (each is a public post and an operator's mail). */
  "qna-post-user": { points: 5, duration: 60 * 60 },
  /** Q&A questions asked from one IP, whatever the accounts. */
  "qna-post-ip": { points: 10, duration: 60 * 60 },
  /** Production requests an account files (each is a row in the operators' queue and a mail). */
  "production-request-user": { points: 5, duration: 60 * 60 },
  /** Production requests filed from one IP, whatever the accounts. */
  "production-request-ip": { points: 10, duration: 60 * 60 },
  /** Support-chat messages per owner, all their sockets and instances together. */
  "chat-send-user": { points: 30, duration: 60 },
};
