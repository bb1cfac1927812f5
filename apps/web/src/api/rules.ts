/**
 * The session rules of SPEC §4/§8 as a pure decision: what the client does with an answer.
 */
import { CODES, type TCall, type TCallResult } from "@vitrine/contract";

/** What the client does after a call. */
export type TOutcome =
  /** Hand the answer to the page. */
  | "return"
  /** 803 with a new token: store it and repeat the call once. */
  | "refresh"
  /** Show the outage alert (connection refused or reset, or the server says it is unavailable). */
  | "outage"
  /** Clear the token and go to `/`. */
  | "signOut"
  /** Apologise that the account is gone, then sign out. */
  | "userNotFound";

/** Failures that end the session whatever the call: SPEC §8's "log in again" family and malformed exchanges. */
const SESSION_ENDING_RESCODES: ReadonlySet<number> = new Set([
  CODES.forbidden.rescode,
  CODES.loginAgain.rescode,
  CODES.loginRequired.rescode,
  CODES.badRequest.rescode,
  CODES.unknownCall.rescode,
]);

/**
 * Answers a page shows next to a form or a button (validation messages, limits, duplicates, a
 * refused upload's reason…): every failure code of the catalogue that is the caller's to fix (HTTP
 * status below 500) except the session-ending ones. Every other failure of an authenticated call
 * ends the session (SPEC §8); signing a user out because a form field was wrong would lose their
 * work for no reason. Derived from the catalogue, so a module's new form-level code never signs
 * the owner out by being forgotten here.
 */
const PAGE_HANDLED_RESCODES: ReadonlySet<number> = new Set(
  Object.values(CODES)
    .filter((c) => c.rescode !== CODES.ok.rescode && c.rescode !== CODES.tokenRefreshed.rescode)
    .filter((c) => c.http < 500 && !SESSION_ENDING_RESCODES.has(c.rescode))
    .map((c) => c.rescode),
);

/** The new token an 803 answer carries, if any. */
export function refreshedToken(result: TCallResult<unknown>): string | undefined {
  return result.transport === undefined && result.rescode === CODES.tokenRefreshed.rescode
    ? result.atk
    : undefined;
}

/** Decides what to do with an answer of `call`; `isRepeat` is true for the one repeat after 803. */
export function decideOutcome(
  call: Pick<TCall, "auth">,
  result: TCallResult<unknown>,
  isRepeat: boolean,
): TOutcome {
  if (refreshedToken(result) && !isRepeat) return "refresh";
  // An answer that could not be read (cut off as the page left, a proxy's error page) is not the
  // server ending the session: the page shows the failure, the owner stays signed in.
  if (result.transport === "failed") return "return";
  if (result.rescode === CODES.serviceUnavailable.rescode) return "outage";
  if (result.status) return "return";
  const isAuthenticated = call.auth !== "none";
  if (result.rescode === CODES.forbidden.rescode) return isAuthenticated ? "signOut" : "return";
  if (!isAuthenticated) return "return";
  if (result.rescode === CODES.userNotFound.rescode) return "userNotFound";
  return PAGE_HANDLED_RESCODES.has(result.rescode) ? "return" : "signOut";
}
