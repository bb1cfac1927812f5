/**
 * The auth hook of the dispatcher. The accounts module provides the real resolver (signed
 * access tokens, session rows); the foundation default lets `none` calls through and refuses
 * every `owner` and `super` call.
 */
import { AppError } from "@vitrine/contract";
import type { TAuthResolver } from "./types";

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
