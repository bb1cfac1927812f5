/**
 * The embed's few calls without the schema library: `GET /api/client-config` once, then POSTs in
 * the request envelope (encrypted when the deployment turns it on), answers read as the response
 * envelope `{status, rescode, data, message}`.
 */
import { createEnvelope, type TEnvelope, type TEnvelopeSettings } from "@vitrine/contract/envelope-core";

/** An answer; a failure to reach the server has `rescode` 1001 like the app's client. */
export interface TAnswer {
  status: boolean;
  rescode: number;
  data: unknown;
}

/** Rescode of an answer that never came (same as the contract's TRANSPORT_RESCODE). */
export const NO_ANSWER = 1001;

/**
 * Calls the API with the deployment's envelope; `envelope` gives the envelope itself (the view
 * rows seal their beacons with it).
 */
export type TEmbedCall = ((path: string, payload: unknown) => Promise<TAnswer>) & {
  envelope?: () => Promise<TEnvelope>;
};

function isEnvelopeSettings(value: unknown): value is TEnvelopeSettings {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.enabled === "boolean" &&
    typeof v.secret === "string" &&
    typeof v.salt === "string" &&
    typeof v.iterations === "number" &&
    Number.isInteger(v.iterations) &&
    v.iterations > 0
  );
}

function isAnswer(value: unknown): value is TAnswer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === "boolean" && typeof v.rescode === "number" && "data" in v;
}

async function loadEnvelope(fetchImpl: typeof fetch, base: string): Promise<TEnvelope> {
  const res = await fetchImpl(`${base}/api/client-config`, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`client-config: HTTP ${res.status}`);
  const body: unknown = await res.json();
  const settings =
    typeof body === "object" && body !== null ? (body as Record<string, unknown>).envelope : undefined;
  if (!isEnvelopeSettings(settings)) throw new Error("client-config: no envelope settings");
  return createEnvelope(settings);
}

/** Creates the call function; the configuration is fetched on the first call and kept. */
export function createEmbedCall(
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
  base = "",
): TEmbedCall {
  let envelope: Promise<TEnvelope> | null = null;
  const call: TEmbedCall = async (path, payload) => {
    try {
      envelope ??= loadEnvelope(fetchImpl, base);
      const body = await (await envelope).wrap(payload);
      const res = await fetchImpl(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json: unknown = await res.json();
      return isAnswer(json) ? json : { status: false, rescode: NO_ANSWER, data: null };
    } catch {
      // A refused configuration is tried again on the next call (the retry button).
      envelope = null;
      return { status: false, rescode: NO_ANSWER, data: null };
    }
  };
  call.envelope = () => {
    envelope ??= loadEnvelope(fetchImpl, base);
    return envelope;
  };
  return call;
}
