import { describe, expect, it } from "vitest";
import { AppError, CODES, codeByRescode } from "./codes";

describe("result codes", () => {
  const entries = Object.entries(CODES);

  it("have unique rescodes, except success messages sharing 200", () => {
    const seen = new Map<number, string>();
    for (const [name, code] of entries) {
      if (code.rescode === 200) continue;
      expect(seen.get(code.rescode), `${name} reuses ${code.rescode}`).toBeUndefined();
      seen.set(code.rescode, name);
    }
    const successes = entries.filter(([, c]) => c.rescode === 200).map(([name]) => name);
    expect(successes).toContain("ok");
    for (const name of successes) expect(CODES[name as keyof typeof CODES].http).toBe(200);
  });

  it("each have a key equal to their name and a message", () => {
    for (const [name, code] of entries) {
      expect(code.key).toBe(name);
      expect(code.message.trim().length, name).toBeGreaterThan(0);
      expect(Number.isInteger(code.http)).toBe(true);
    }
    expect(new Set(entries.map(([, c]) => c.key)).size).toBe(entries.length);
  });

  it("keep the protocol codes of the spec", () => {
    expect(CODES.ok.rescode).toBe(200);
    expect(CODES.tokenRefreshed.rescode).toBe(803);
    expect(CODES.forbidden.rescode).toBe(403);
    expect(CODES.serviceUnavailable.rescode).toBe(1001);
    expect(codeByRescode(200)?.key).toBe("ok");
    expect(codeByRescode(803)?.key).toBe("tokenRefreshed");
    expect(codeByRescode(99999)).toBeUndefined();
  });

  it("map an AppError to its rescode and message", () => {
    const error = new AppError("imageSize");
    expect(error.rescode).toBe(2013);
    expect(error.message).toBe("The image exceeds the size limit.");
    const withFields = new AppError("validation", {
      fields: { email: "Please enter a valid email format!" },
    });
    expect(withFields.fields).toEqual({ email: "Please enter a valid email format!" });
  });
});
