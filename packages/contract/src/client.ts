/**
 * The typed client helper: wraps a payload in the envelope, POSTs it, validates the answer.
 * It knows nothing of tokens' storage or navigation; the web app's API client adds the
 * session rules of SPEC §4/§8 on top of it.
 */
import type { TCall, TCallInput, TCallOutput, TResponseEnvelope } from "./call";
import { ZResponseEnvelope } from "./call";
import type { TEnvelope } from "./envelope";

/** What a call answers: the server's envelope, or a transport failure with `status: false`. */
export type TCallResult<D> =
  | (TResponseEnvelope<D> & { transport?: undefined })
  | { status: false; rescode: number; data: null; message: string; transport: "refused" | "failed" };

/** Rescode reported for a transport failure (no answer from the server). */
export const TRANSPORT_RESCODE = 1001;

/** Options of the low-level call client. */
export interface TCallClientOptions {
  /** Base URL of the server; empty for same origin. */
  baseUrl?: string;
  envelope: TEnvelope;
  fetch?: typeof fetch;
}

/** Creates `send(call, payload, token?)`, the one way to make a call. */
export function createCallClient(options: TCallClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl ?? "";
  return async function send<C extends TCall>(
    call: C,
    payload: TCallInput<C>,
    token?: string | null,
  ): Promise<TCallResult<TCallOutput<C>>> {
    const body = await options.envelope.wrap(payload);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await doFetch(`${base}${call.path}`, { method: "POST", headers, body: JSON.stringify(body) });
    } catch (error) {
      return {
        status: false,
        rescode: TRANSPORT_RESCODE,
        data: null,
        message: error instanceof Error ? error.message : String(error),
        transport: "refused",
      };
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      return {
        status: false,
        rescode: TRANSPORT_RESCODE,
        data: null,
        message: `HTTP ${res.status}`,
        transport: "failed",
      };
    }
    const parsed = ZResponseEnvelope.safeParse(json);
    if (!parsed.success) {
      return {
        status: false,
        rescode: TRANSPORT_RESCODE,
        data: null,
        message: `HTTP ${res.status}`,
        transport: "failed",
      };
    }
    const envelope = parsed.data as TResponseEnvelope<TCallOutput<C>>;
    if (envelope.status) {
      const out = call.output.safeParse(envelope.data);
      if (!out.success) {
        return {
          status: false,
          rescode: TRANSPORT_RESCODE,
          data: null,
          message: "unexpected answer",
          transport: "failed",
        };
      }
      envelope.data = out.data as TCallOutput<C>;
    }
    return envelope;
  };
}
