import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { entropyBits, plaintextReason } from "./sealed-check";

const text = (s: string) => new TextEncoder().encode(s);

describe("sealed snapshot check", () => {
  it("accepts random bytes (AES-GCM output) of every size from 1 KiB to the 8 KiB head", () => {
    for (let i = 0; i < 300; i++) {
      const head = randomBytes(1024 + ((i * 97) % 7169));
      expect(plaintextReason(head)).toBeNull();
    }
  });

  it("refuses known plaintext formats by their first bytes", () => {
    const withTail = (start: number[]) => new Uint8Array([...start, ...randomBytes(4000)]);
    expect(plaintextReason(withTail([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0]))).toMatch(/glTF/);
    expect(plaintextReason(withTail([0x56, 0x54, 0x53, 0x31]))).toMatch(/Vitrine/);
    expect(plaintextReason(withTail([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toMatch(/PNG/);
    expect(plaintextReason(withTail([0xff, 0xd8, 0xff, 0xe0]))).toMatch(/JPEG/);
  });

  it("refuses long text or sparse data by entropy, short JSON and markup by their opening", () => {
    expect(
      plaintextReason(text(JSON.stringify({ nodes: Array.from({ length: 200 }, (_, i) => ({ i })) }))),
    ).not.toBeNull();
    expect(plaintextReason(new Uint8Array(2048))).toBe("not random");
    expect(plaintextReason(text('  {"asset":{"version":"2.0"}}'))).toBe("text");
    expect(plaintextReason(text("<html><body>hi</body></html>"))).toBe("text");
    expect(plaintextReason(text("[1, 2, 3]"))).toBe("text");
  });

  it("measures entropy in bits per byte", () => {
    expect(entropyBits(new Uint8Array(100))).toBe(0);
    expect(entropyBits(Uint8Array.from({ length: 256 }, (_, i) => i))).toBeCloseTo(8, 10);
    expect(entropyBits(new Uint8Array([0, 1, 0, 1]))).toBeCloseTo(1, 10);
  });
});
