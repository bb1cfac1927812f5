/**
 * The auth hook of the dispatcher. The accounts module provides the real resolver (signed
 * access tokens, session rows); the foundation default lets `none` calls through and refuses
 * every `owner` and `super` call.
 */
import { AppError, type TAuthLevel } from "@vitrine/contract";
import type { TAuth } from "./module";

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

/** The default resolver: visitors only. */
export const visitorOnlyResolver: TAuthResolver = {
  async authenticate(_token, level) {
    if (level === "none") return { auth: null };
    throw new AppError("forbidden");
  },
};

/** Reads the token of `Authorization: Bearer <atk>`; undefined when absent or malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
