import {
  base64ToBytes,
  bytesToBase64,
  createEnvelope,
  deriveEnvelopeKey,
  EnvelopeError,
  sealPayload,
  type TEnvelopeSettings,
} from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { createEnvelopeOpener } from "./envelope-open";

const settings: TEnvelopeSettings = {
  enabled: true,
  secret: "deployment-secret",
  salt: "vitrine-salt",
  iterations: 10_000,
};
const payload = { email: "user@example.com", n: 42, nested: { ok: true, list: [1, "두"] } };

/** What an opener gave: the payload, or what it threw. */
type TOutcome = { value?: unknown; error?: unknown };

/** The contract's own opener beside ours: both must say the same, payload or refusal. */
async function bothOpen(body: unknown, options: TEnvelopeSettings = settings) {
  const open = await createEnvelopeOpener(options);
  const contract = await createEnvelope(options);
  const ours = ((): TOutcome => {
    try {
      return { value: open(body) };
    } catch (error) {
      return { error };
    }
  })();
  const theirs = await contract.unwrap(body).then(
    (value): TOutcome => ({ value }),
    (error: unknown): TOutcome => ({ error }),
  );
  return { ours, theirs };
}

describe("the server's envelope opener", () => {
  it("opens what the web app seals, as the contract's unwrap does", async () => {
    const client = await createEnvelope(settings);
    for (const value of [payload, {}, [1, 2], "text", null, { text: "가".repeat(200_000) }]) {
      const { ours, theirs } = await bothOpen(await client.wrap(value));
      expect(ours).toEqual({ value });
      expect(theirs).toEqual({ value });
    }
  });

  it("passes plain-mode data through and refuses a body without data", async () => {
    const plain = { ...settings, enabled: false };
    expect((await bothOpen({ data: payload }, plain)).ours).toEqual({ value: payload });
    for (const body of [{ payload }, null, "data", undefined]) {
      const { ours, theirs } = await bothOpen(body, plain);
      expect(ours.error).toBeInstanceOf(EnvelopeError);
      expect(ours.error).toEqual(theirs.error);
    }
  });

  it("refuses every malformed sealed body with the contract's EnvelopeError", async () => {
    const key = await deriveEnvelopeKey(settings.secret, settings.salt);
    const sealed = base64ToBytes(await sealPayload(key, payload));
    const tampered = sealed.slice();
    tampered[20] = (tampered[20] ?? 0) ^ 0x01;
    const otherKey = await deriveEnvelopeKey("another-secret", settings.salt);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const notJson = new Uint8Array(
      await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode("{not json")),
    );
    const cases: Array<[unknown, string]> = [
      [{}, "missing data"],
      [{ data: payload }, "data is not a sealed string"],
      [{ data: "not base64!!" }, "not base64"],
      [{ data: "abc" }, "not base64"],
      [{ data: "" }, "too short"],
      [{ data: bytesToBase64(sealed.subarray(0, 27)) }, "too short"],
      [{ data: bytesToBase64(sealed.subarray(0, sealed.length - 1)) }, "cannot decrypt"],
      [{ data: bytesToBase64(tampered) }, "cannot decrypt"],
      [{ data: await sealPayload(otherKey, payload) }, "cannot decrypt"],
      [{ data: bytesToBase64(new Uint8Array([...iv, ...notJson])) }, "not JSON"],
    ];
    for (const [body, message] of cases) {
      const { ours, theirs } = await bothOpen(body);
      expect(ours.error).toBeInstanceOf(EnvelopeError);
      expect((ours.error as Error).message).toBe(message);
      expect((theirs.error as Error).message).toBe(message);
    }
  });
});
