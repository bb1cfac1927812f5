/**
 * `createApi`: the contract's call client plus the session rules (SPEC §4/§8).
 * Independent of React, storage and navigation: those come in as hooks, so it is testable
 * against a real HTTP server.
 */
import {
  createCallClient,
  type TCall,
  type TCallInput,
  type TCallOutput,
  type TCallResult,
  type TEnvelope,
} from "@vitrine/contract";
import { decideOutcome, refreshedToken } from "./rules";

/** What the API client needs from the app. */
export interface TApiHooks {
  /** Current access token, or null. */
  getToken: () => string | null;
  /** Stores a refreshed token. */
  setToken: (token: string) => void;
  /** Forgets the token. */
  clearToken: () => void;
  /** Goes to `/` after the session ended. */
  goHome: () => void;
  /** Shows the outage alert (connection refused or reset). */
  onOutage: () => void;
  /** Shows the apology for a vanished account (before the sign-out). */
  onUserNotFound: () => void;
}

/** Options of `createApi`. */
export interface TApiOptions extends TApiHooks {
  envelope: TEnvelope;
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** The app's call function: `api(call, payload)` with types inferred from the call. */
export type TApi = <C extends TCall>(call: C, payload: TCallInput<C>) => Promise<TCallResult<TCallOutput<C>>>;

/** Creates the app's call function. */
export function createApi(options: TApiOptions): TApi {
  const send = createCallClient({
    envelope: options.envelope,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
  });
  return async function api<C extends TCall>(call: C, payload: TCallInput<C>) {
    const tokenFor = () => (call.auth === "none" ? null : options.getToken());
    let result = await send(call, payload, tokenFor());
    let outcome = decideOutcome(call, result, false);
    const atk = refreshedToken(result);
    if (outcome === "refresh" && atk) {
      options.setToken(atk);
      result = await send(call, payload, tokenFor());
      outcome = decideOutcome(call, result, true);
    }
    switch (outcome) {
      case "outage":
        options.onOutage();
        break;
      case "userNotFound":
        options.onUserNotFound();
        options.clearToken();
        options.goHome();
        break;
      case "signOut":
        options.clearToken();
        options.goHome();
        break;
      default:
        break;
    }
    return result;
  };
}
