import { randomBytes } from "node:crypto";
import { AppError } from "@vitrine/contract";
import { afterAll, describe, expect, it } from "vitest";
import { testConfig, testLogger } from "../../../test/support/config";
import type { TRateLimiter } from "../types";
import { createRateLimiter, RATE_BUCKETS } from "./index";

const buckets = { tiny: { points: 3, duration: 60 } };
const opened: TRateLimiter[] = [];
afterAll(() => Promise.all(opened.map((l) => l.close())));

async function limiter(env: Partial<NodeJS.ProcessEnv>, keyPrefix = "test") {
  const l = await createRateLimiter(testConfig(env), testLogger(), { keyPrefix, buckets });
  opened.push(l);
  return l;
}

async function hits(l: TRateLimiter, key: string, n: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < n; i++) {
    try {
      await l.consume("tiny", key);
      allowed++;
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe("rateLimited");
    }
  }
  return allowed;
}

describe("rate limiter in memory", () => {
  it("has a bucket for every contract rate class", () => {
    for (const name of ["default", "auth", "log", "upload", "heavy"]) {
      expect(RATE_BUCKETS[name]?.points).toBeGreaterThan(0);
    }
  });

  it("refuses the hit past the limit with rateLimited, per key", async () => {
    const l = await limiter({});
    expect(l.kind).toBe("memory");
    expect(await hits(l, "1.2.3.4", 5)).toBe(3);
    await expect(l.consume("tiny", "1.2.3.4")).rejects.toMatchObject({ code: "rateLimited" });
    // Another key has its own count.
    expect(await hits(l, "5.6.7.8", 1)).toBe(1);
  });

  it("counts again from zero after reset", async () => {
    const l = await limiter({});
    expect(await hits(l, "k", 4)).toBe(3);
    await l.reset("tiny", "k");
    expect(await hits(l, "k", 1)).toBe(1);
  });

  it("gives a hit back on refund, so refunded hits never trip the limit", async () => {
    const l = await limiter({});
    for (let i = 0; i < 6; i++) {
      await l.consume("tiny", "office");
      await l.refund("tiny", "office");
    }
    expect(await hits(l, "office", 4)).toBe(3);
  });

  it("never counts below zero on refund, so a refund after the window is no free hit", async () => {
    const l = await limiter({});
    await l.refund("tiny", "late");
    await l.refund("tiny", "late");
    expect(await hits(l, "late", 5)).toBe(3);
  });

  it("tallies without refusing, and blocks a key for a given time", async () => {
    const l = await limiter({});
    for (let i = 1; i <= 5; i++) expect(await l.tally("tiny", "t")).toBe(i);
    await l.block("tiny", "b", 120);
    await expect(l.consume("tiny", "b")).rejects.toMatchObject({
      code: "rateLimited",
      data: { retryAfterSeconds: 120 },
    });
  });

  it("never refuses when RATE_LIMITS_ENABLED is false", async () => {
    const l = await limiter({ RATE_LIMITS_ENABLED: "false" });
    expect(await hits(l, "k", 10)).toBe(10);
  });

  it("rejects an unknown bucket as a programming error", async () => {
    const l = await limiter({});
    await expect(l.consume("nope", "k")).rejects.toThrow(/unknown bucket/);
  });
});

describe.runIf(process.env.REDIS_URL)("rate limiter on Redis", () => {
  it("shares counts between two instances", async () => {
    const env = { REDIS_URL: process.env.REDIS_URL };
    const prefix = `vitrine-test:${randomBytes(6).toString("hex")}`;
    const a = await limiter(env, prefix);
    const b = await limiter(env, prefix);
    expect(a.kind).toBe("redis");
    expect(await hits(a, "9.9.9.9", 2)).toBe(2);
    expect(await hits(b, "9.9.9.9", 3)).toBe(1);
    await expect(a.consume("tiny", "9.9.9.9")).rejects.toMatchObject({ code: "rateLimited" });
    await b.reset("tiny", "9.9.9.9");
    expect(await hits(a, "9.9.9.9", 1)).toBe(1);
  });
});
