/**
 * The server's side of the request envelope (`@vitrine/contract/envelope-core`, DESIGN "Fixed
 * interfaces"): opens `{data}` bodies with node:crypto, synchronously, with the same payloads and
 * the same `EnvelopeError`s as the contract's WebCrypto `unwrap`. WebCrypto cost a small body
 * ≈ 20 µs of CPU (12 on the main thread) and a thread-pool job; this costs ≈ 4 µs, and a 1 MiB body
 * holds the main thread less than WebCrypto's decoding did (≈ 6.5 against 9 ms; bench/README.md,
 * api-throughput 2026-11-29).
 */
import { createDecipheriv, createSecretKey, type KeyObject, pbkdf2 } from "node:crypto";
import { promisify } from "node:util";
import { EnvelopeError, parsePayload, type TEnvelopeSettings } from "@vitrine/contract";

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Reads the payload out of a request body; throws EnvelopeError when it is malformed. */
export type TEnvelopeOpener = (body: unknown) => unknown;

/** The AES-256-GCM key of the contract's `deriveEnvelopeKey` (PBKDF2-HMAC-SHA256), as a KeyObject. */
async function deriveKey(settings: TEnvelopeSettings): Promise<KeyObject> {
  const bytes = await promisify(pbkdf2)(
    settings.secret,
    settings.salt,
    settings.iterations,
    KEY_BYTES,
    "sha256",
  );
  return createSecretKey(bytes);
}

/** Decrypts and parses a sealed payload: base64(iv ‖ ciphertext ‖ tag). */
function openSealed(key: KeyObject, sealed: string): unknown {
  if (sealed.length % 4 !== 0 || !BASE64.test(sealed)) throw new EnvelopeError("not base64");
  const bytes = Buffer.from(sealed, "base64");
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new EnvelopeError("too short");
  let plain: Buffer;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const head = decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES));
    const tail = decipher.final();
    plain = tail.length === 0 ? head : Buffer.concat([head, tail]);
  } catch {
    throw new EnvelopeError("cannot decrypt");
  }
  return parsePayload(plain);
}

/** Creates the opener for the deployment's envelope settings (derives the key once). */
export async function createEnvelopeOpener(settings: TEnvelopeSettings): Promise<TEnvelopeOpener> {
  const key = settings.enabled ? await deriveKey(settings) : null;
  return (body) => {
    if (typeof body !== "object" || body === null || !("data" in body)) {
      throw new EnvelopeError("missing data");
    }
    const data = (body as { data: unknown }).data;
    if (!key) return data;
    if (typeof data !== "string") throw new EnvelopeError("data is not a sealed string");
    return openSealed(key, data);
  };
}
