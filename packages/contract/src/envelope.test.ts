/// <reference types="node" />
// Node types only here: the test decrypts with node:crypto to prove the wire format; the
// envelope itself uses WebCrypto so it runs unchanged in browsers.
import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  base64ToBytes,
  bytesToBase64,
  createEnvelope,
  deriveEnvelopeKey,
  ENVELOPE_ITERATIONS,
  EnvelopeError,
  openPayload,
  sealPayload,
  type TEnvelopeSettings,
} from "./envelope";

const settings: TEnvelopeSettings = {
  enabled: true,
  secret: "deployment-secret",
  salt: "vitrine-salt",
  iterations: 10_000,
};
const payload = { email: "user@example.com", n: 42, nested: { ok: true, list: [1, "두"] } };

/** Opens a sealed body the way any other client would: node:crypto, spec constants, nothing of ours. */
function openByHand(sealed: string, secret: string, salt: string): unknown {
  const raw = Buffer.from(sealed, "base64");
  const key = pbkdf2Sync(secret, salt, 10000, 32, "sha256");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
  return JSON.parse(plain.toString("utf8"));
}

describe("envelope, plain mode", () => {
  it("sends the payload as it is and reads it back", async () => {
    const envelope = await createEnvelope({ ...settings, enabled: false });
    const body = await envelope.wrap(payload);
    expect(body).toEqual({ data: payload });
    expect(await envelope.unwrap(JSON.parse(JSON.stringify(body)))).toEqual(payload);
  });

  it("refuses a body without data", async () => {
    const envelope = await createEnvelope({ ...settings, enabled: false });
    await expect(envelope.unwrap({ payload })).rejects.toBeInstanceOf(EnvelopeError);
    await expect(envelope.unwrap(null)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(envelope.unwrap("data")).rejects.toBeInstanceOf(EnvelopeError);
  });
});

describe("envelope, encrypted mode", () => {
  it("round-trips a payload", async () => {
    const envelope = await createEnvelope(settings);
    const body = await envelope.wrap(payload);
    expect(typeof body.data).toBe("string");
    expect(JSON.stringify(body)).not.toContain("user@example.com");
    expect(await envelope.unwrap(JSON.parse(JSON.stringify(body)))).toEqual(payload);
  });

  it("uses a fresh IV each time", async () => {
    const envelope = await createEnvelope(settings);
    const a = (await envelope.wrap(payload)).data;
    const b = (await envelope.wrap(payload)).data;
    expect(a).not.toBe(b);
  });

  it("follows the documented wire format: base64(iv[12] ‖ ciphertext ‖ tag[16]), PBKDF2-SHA256 10000", async () => {
    expect(ENVELOPE_ITERATIONS).toBe(10000);
    const envelope = await createEnvelope(settings);
    const { data } = await envelope.wrap(payload);
    expect(typeof data).toBe("string");
    const sealed = String(data);
    expect(Buffer.from(sealed, "base64").length).toBe(12 + Buffer.byteLength(JSON.stringify(payload)) + 16);
    expect(openByHand(sealed, settings.secret, settings.salt)).toEqual(payload);
    const key = await deriveEnvelopeKey("other secret", "other salt");
    expect(openByHand(await sealPayload(key, [1, 2]), "other secret", "other salt")).toEqual([1, 2]);
  });

  it("opens a body sealed by another client with node:crypto", async () => {
    const key = pbkdf2Sync(settings.secret, settings.salt, 10000, 32, "sha256");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const ct = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]);
    const sealed = Buffer.concat([iv, ct, cipher.getAuthTag()]).toString("base64");
    const envelope = await createEnvelope(settings);
    expect(await envelope.unwrap({ data: sealed })).toEqual(payload);
  });

  it("rejects tampered ciphertext", async () => {
    const envelope = await createEnvelope(settings);
    const { data } = await envelope.wrap(payload);
    const bytes = base64ToBytes(String(data));
    bytes[20] = (bytes[20] ?? 0) ^ 0x01;
    await expect(envelope.unwrap({ data: bytesToBase64(bytes) })).rejects.toBeInstanceOf(EnvelopeError);
  });

  it("rejects a body sealed with another key", async () => {
    const other = await createEnvelope({ ...settings, secret: "another-secret" });
    const body = await other.wrap(payload);
    const envelope = await createEnvelope(settings);
    await expect(envelope.unwrap(body)).rejects.toThrow(EnvelopeError);
    const otherSalt = await deriveEnvelopeKey(settings.secret, "other-salt");
    await expect(openPayload(otherSalt, String((await envelope.wrap(payload)).data))).rejects.toThrow(
      EnvelopeError,
    );
  });

  it("rejects truncated input", async () => {
    const envelope = await createEnvelope(settings);
    const sealed = base64ToBytes(String((await envelope.wrap(payload)).data));
    await expect(
      envelope.unwrap({ data: bytesToBase64(sealed.subarray(0, sealed.length - 1)) }),
    ).rejects.toThrow(EnvelopeError);
    await expect(envelope.unwrap({ data: bytesToBase64(sealed.subarray(0, 27)) })).rejects.toThrow(
      "too short",
    );
    await expect(envelope.unwrap({ data: "" })).rejects.toThrow(EnvelopeError);
  });

  it("rejects non-base64, non-string and missing data", async () => {
    const envelope = await createEnvelope(settings);
    await expect(envelope.unwrap({ data: "not base64!!" })).rejects.toThrow("not base64");
    await expect(envelope.unwrap({ data: "abc" })).rejects.toThrow(EnvelopeError);
    await expect(envelope.unwrap({ data: payload })).rejects.toThrow(EnvelopeError);
    await expect(envelope.unwrap({})).rejects.toThrow("missing data");
    await expect(envelope.unwrap(undefined)).rejects.toThrow(EnvelopeError);
  });

  it("rejects a sealed body that is not JSON", async () => {
    const key = await deriveEnvelopeKey(settings.secret, settings.salt);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode("{not json")),
    );
    const data = bytesToBase64(new Uint8Array([...iv, ...sealed]));
    await expect(openPayload(key, data)).rejects.toThrow("not JSON");
  });

  it("handles large payloads", async () => {
    const envelope = await createEnvelope(settings);
    const big = { text: "가".repeat(200_000) };
    expect(await envelope.unwrap(await envelope.wrap(big))).toEqual(big);
  });
});
