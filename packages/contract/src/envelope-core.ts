/**
 * The request envelope of DESIGN.md "Fixed interfaces".
 *
 * Plain mode: `{"data": <payload>}`.
 * Encrypted mode: `{"data": "<base64(iv[12] ‖ ciphertext ‖ tag[16])>"}`, AES-256-GCM with
 * `key = PBKDF2-HMAC-SHA256(utf8(secret), utf8(salt), 10000, 32 bytes)`.
 *
 * Uses WebCrypto only, so the same code runs in Node 20 and in the browser. The secret is public
 * by design (the web app must know it): TLS is what protects traffic, not this envelope.
 *
 * This file imports nothing (no zod), so `/embed` can seal requests without the schema library:
 * `@vitrine/contract/envelope-core`. `./envelope` adds the settings' zod schema.
 */
/** PBKDF2 iteration count fixed by the spec (§9). */
export const ENVELOPE_ITERATIONS = 10_000;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Envelope settings as published by `GET /api/client-config` (schema: `ZEnvelopeSettings`). */
export interface TEnvelopeSettings {
  enabled: boolean;
  secret: string;
  salt: string;
  iterations: number;
}

/** Raised when an encrypted body cannot be opened: bad base64, too short, wrong key or tampered. */
export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvelopeError";
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Derives the AES-256-GCM key from the deployment's envelope secret and salt. */
export async function deriveEnvelopeKey(
  secret: string,
  salt: string,
  iterations: number = ENVELOPE_ITERATIONS,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "PBKDF2", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "PBKDF2", hash: "SHA-256", salt: encoder.encode(salt), iterations },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Encodes bytes as standard base64 (works for large buffers in browsers and Node). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** Decodes standard base64; throws EnvelopeError on anything that is not base64. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw new EnvelopeError("not base64");
  }
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Encrypts the JSON of a payload: base64(iv ‖ ciphertext ‖ tag). */
export async function sealPayload(key: CryptoKey, payload: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = encoder.encode(JSON.stringify(payload ?? null));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, plain));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv, 0);
  out.set(sealed, IV_BYTES);
  return bytesToBase64(out);
}

/** Decrypts and parses a sealed payload; throws EnvelopeError when it cannot. */
export async function openPayload(key: CryptoKey, sealed: string): Promise<unknown> {
  const bytes = base64ToBytes(sealed);
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new EnvelopeError("too short");
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES) },
      key,
      bytes.subarray(IV_BYTES),
    );
  } catch {
    throw new EnvelopeError("cannot decrypt");
  }
  return parsePayload(plain);
}

/** The JSON payload of opened bytes; throws EnvelopeError("not JSON") when it is not JSON. */
export function parsePayload(plain: ArrayBuffer | Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(plain));
  } catch {
    throw new EnvelopeError("not JSON");
  }
}

/** One side's envelope: wraps outgoing payloads and unwraps incoming bodies. */
export interface TEnvelope {
  readonly enabled: boolean;
  /** Builds the request body `{data}` for a payload. */
  wrap(payload: unknown): Promise<{ data: unknown }>;
  /** Reads the payload out of a request body; throws EnvelopeError when it is malformed. */
  unwrap(body: unknown): Promise<unknown>;
}

/** Creates the envelope for the given settings (derives the key once). */
export async function createEnvelope(settings: TEnvelopeSettings): Promise<TEnvelope> {
  const key = settings.enabled
    ? await deriveEnvelopeKey(settings.secret, settings.salt, settings.iterations)
    : null;
  return {
    enabled: settings.enabled,
    async wrap(payload) {
      return { data: key ? await sealPayload(key, payload) : (payload ?? {}) };
    },
    async unwrap(body) {
      if (typeof body !== "object" || body === null || !("data" in body)) {
        throw new EnvelopeError("missing data");
      }
      const data = (body as { data: unknown }).data;
      if (!key) return data;
      if (typeof data !== "string") throw new EnvelopeError("data is not a sealed string");
      return openPayload(key, data);
    },
  };
}
