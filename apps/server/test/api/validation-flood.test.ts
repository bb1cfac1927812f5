/**
 * Issue 9, item 1: a body made of unknown keys must answer a small validation envelope, in plain
 * and encrypted mode, and must not starve other requests. Before the fix a 37 KB body answered
 * 96 MB and three 128 KB bodies froze `/api/health` for 22 s.
 */
import { CODES, echoCall, pingCall } from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSystemModule } from "../../src/modules/system/routes";
import type { TPlatform } from "../../src/platform/types";
import { testConfig } from "../support/config";
import { testDatabaseTargets } from "../support/databases";
import { startServer, type TRawAnswer, type TTestServer } from "./harness";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const ONE_MB = 1_000_000;
const SMALL_ANSWER = 2048;

/** `{"k0000000":0,…}` whose JSON is just under `bytes` long. */
function unknownKeys(bytes: number): Record<string, number> {
  const payload: Record<string, number> = {};
  let size = 2;
  for (let i = 0; size + 15 < bytes; i += 1) {
    const key = `k${String(i).padStart(7, "0")}`;
    payload[key] = 0;
    size += key.length + 5;
  }
  return payload;
}

/** The JSON body `{"data":{"a":{"a":…0…}}}`, nested `depth` times (too deep for JSON.stringify). */
function nestedBody(depth: number): string {
  return `{"data":${'{"a":'.repeat(depth)}0${"}".repeat(depth)}}`;
}

function expectSmallValidation(res: TRawAnswer): void {
  expect(res.status).toBe(400);
  expect(Buffer.byteLength(res.text)).toBeLessThan(SMALL_ANSWER);
  expect(res.json).toMatchObject({
    status: false,
    rescode: CODES.validation.rescode,
    message: CODES.validation.message,
  });
}

describe.each(targets)("unknown-key floods on $name", (target) => {
  let sealed: TTestServer;
  let plain: TTestServer;

  beforeAll(async () => {
    const modules = (p: TPlatform) => [createSystemModule(p)];
    // Rate limits off: the point is what one request costs, not how many are let in.
    sealed = await startServer(testConfig({ ...target.env, RATE_LIMITS_ENABLED: "false" }), { modules });
    plain = await startServer(
      testConfig({
        ENVELOPE_ENABLED: "false",
        RATE_LIMITS_ENABLED: "false",
        DATABASE_URL: target.env.DATABASE_URL,
      }),
      { modules },
    );
  });
  afterAll(async () => {
    await sealed?.shutdown();
    await plain?.shutdown();
  });

  /** A body of about 1 MB (under the 1 MiB limit) of unknown keys for `server`'s mode. */
  async function floodBody(server: TTestServer): Promise<string> {
    if (server === plain) return JSON.stringify({ data: unknownKeys(ONE_MB - 20) });
    // Base64 grows the payload by a third.
    return JSON.stringify(await server.envelope.wrap(unknownKeys((ONE_MB * 3) / 4 - 100)));
  }

  it("answers a 1 MB body of unknown keys with a small envelope, plain and encrypted", async () => {
    for (const server of [plain, sealed]) {
      const body = await floodBody(server);
      expect(body.length).toBeGreaterThan(ONE_MB * 0.95);
      expect(body.length).toBeLessThan(1_048_576);
      const res = await server.post(pingCall.path, body);
      expectSmallValidation(res);
      expect(res.json).toMatchObject({ data: { fields: { _: "The request holds too many fields." } } });
    }
  });

  it("names at most ten unknown keys, with short texts, below the flood limit", async () => {
    const longKey = "x".repeat(5000);
    const payload: Record<string, unknown> = { [longKey]: 1, message: "hi" };
    for (let i = 0; i < 5000; i += 1) payload[`extra${i}`] = i;
    for (const server of [plain, sealed]) {
      const res =
        server === plain
          ? await server.post(echoCall.path, { data: payload })
          : await server.post(echoCall.path, await server.envelope.wrap(payload));
      expectSmallValidation(res);
      const fields = (res.json as { data: { fields: Record<string, string> } }).data.fields;
      expect(Object.keys(fields)).toHaveLength(10);
      for (const [key, message] of Object.entries(fields)) {
        expect(key.length).toBeLessThanOrEqual(64);
        expect(message).toBe("Unknown field.");
      }
    }
  });

  it("refuses deep nesting before validation", async () => {
    for (const depth of [40, 100_000]) {
      const res = await plain.post(pingCall.path, nestedBody(depth));
      expectSmallValidation(res);
      expect(res.json).toMatchObject({ data: { fields: { _: "The request is nested too deeply." } } });
    }
  });

  it("keeps /api/health answering while three floods run at once", async () => {
    for (const server of [plain, sealed]) {
      const body = await floodBody(server);
      let isFlooding = true;
      const healths: number[] = [];
      const polling = (async () => {
        while (isFlooding) {
          healths.push((await server.get("/api/health")).status);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const floods = await Promise.all([1, 2, 3].map(() => server.post(pingCall.path, body)));
      isFlooding = false;
      await polling;
      for (const res of floods) expectSmallValidation(res);
      expect(healths.length).toBeGreaterThan(0);
      expect(healths.every((status) => status === 200)).toBe(true);
      // The server still does its real work afterwards.
      expect((await server.send(echoCall, { message: "still here" })).data).toEqual({
        message: "still here",
      });
    }
  });
});
