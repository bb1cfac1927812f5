/**
 * Rate limits through the dispatcher: a call's class bucket trips per IP with the rateLimited
 * envelope, other classes keep working, and with Redis the count is shared by every instance.
 */
import { addOriginLogCall, CODES, LOG_FIXED_KEY, pingCall } from "@vitrine/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TConfig } from "../../src/config";
import { closePlatform, createPlatform } from "../../src/platform/index";
import { createRateLimiter, RATE_BUCKETS } from "../../src/platform/rate-limit/index";
import type { TPlatform } from "../../src/platform/types";
import { testConfig, testLogger } from "../support/config";
import { startServer, type TTestServer } from "./harness";

// Every server opens a database and runs its migrations: slow on a busy machine, never hung.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const REDIS_URL = process.env.REDIS_URL;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server whose `default` bucket allows 3 calls an hour per key. */
async function startWithSmallBucket(config: TConfig, keyPrefix: string): Promise<TTestServer> {
  const base = await createPlatform(config, testLogger());
  const rateLimits = await createRateLimiter(config, testLogger(), {
    keyPrefix,
    buckets: { ...RATE_BUCKETS, default: { points: 3, duration: 3600 } },
  });
  const platform: TPlatform = { ...base, rateLimits };
  const server = await startServer(config, { platform });
  cleanups.push(async () => {
    await server.shutdown();
    await rateLimits.close();
    await closePlatform(base);
  });
  return server;
}

const rateLimited = {
  status: false,
  rescode: CODES.rateLimited.rescode,
  data: { retryAfterSeconds: expect.any(Number) },
  message: "Please try again later.",
};

describe("rate limits", () => {
  it("trips a class bucket per IP and leaves other classes alone", async () => {
    const server = await startWithSmallBucket(testConfig(), `test:${crypto.randomUUID()}`);
    for (let i = 0; i < 3; i++) expect((await server.send(pingCall, {})).status).toBe(true);
    const refused = await server.post(pingCall.path, await server.envelope.wrap({}));
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual(rateLimited);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const log = await server.send(addOriginLogCall, {
      key: LOG_FIXED_KEY,
      sessionId: "session-rate-limit",
      pageType: "share",
      contentType: "product",
      action: "view",
      path: "/share/x",
      metadata: {},
    });
    expect(log.status).toBe(true);
  });

  it.skipIf(!REDIS_URL)(
    `shares the count across instances through Redis${REDIS_URL ? "" : " (skipped: REDIS_URL is not set)"}`,
    async () => {
      const prefix = `test:${crypto.randomUUID()}`;
      const a = await startWithSmallBucket(testConfig({ REDIS_URL }), prefix);
      const b = await startWithSmallBucket(testConfig({ REDIS_URL }), prefix);
      expect((await a.send(pingCall, {})).status).toBe(true);
      expect((await a.send(pingCall, {})).status).toBe(true);
      expect((await b.send(pingCall, {})).status).toBe(true);
      expect(await b.send(pingCall, {})).toEqual(rateLimited);
      expect(await a.send(pingCall, {})).toEqual(rateLimited);
    },
  );
});
