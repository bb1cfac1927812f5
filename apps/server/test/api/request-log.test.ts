/**
 * The access log at the default level (`info`): a normal request writes nothing, a server error and
 * a slow request each write one line (issue 17: a million requests wrote 477 MB before).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type TBuiltApp } from "../../src/app";
import { testConfig } from "../support/config";
import { testDatabaseTargets } from "../support/databases";

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((target) => target.cleanup())));

describe.each(targets)("request log ($name)", (target) => {
  const lines: Array<Record<string, unknown>> = [];
  let built: TBuiltApp;

  beforeAll(async () => {
    built = await buildApp({
      config: testConfig({ ...target.env, LOG_LEVEL: "info", SLOW_REQUEST_MS: "50" }),
      webDistDir: null,
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    built.app.get("/test/boom", async () => {
      throw new Error("boom");
    });
    built.app.get("/test/slow", async () => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      return { ok: true };
    });
    await built.app.ready();
  });

  afterAll(() => built.shutdown());

  const accessLines = () => lines.filter((line) => line.msg === "request completed");

  it("writes no line for a normal request, nor for a not-found one", async () => {
    lines.length = 0;
    expect((await built.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    expect((await built.app.inject({ url: "/api/nothing-here" })).statusCode).toBe(404);
    expect(lines).toEqual([]);
  });

  it("writes one error line for a server error, with method, URL and status", async () => {
    lines.length = 0;
    expect((await built.app.inject({ url: "/test/boom?x=1" })).statusCode).toBe(500);
    const [line, ...rest] = accessLines();
    expect(rest).toEqual([]);
    expect(line?.level).toBe(50);
    expect(line?.req).toMatchObject({ method: "GET", url: "/test/boom?x=1" });
    expect(line?.res).toEqual({ statusCode: 500 });
  });

  it("writes one info line for a request slower than SLOW_REQUEST_MS", async () => {
    lines.length = 0;
    expect((await built.app.inject({ url: "/test/slow" })).statusCode).toBe(200);
    const [line, ...rest] = accessLines();
    expect(rest).toEqual([]);
    expect(line?.level).toBe(30);
    expect(line?.slow).toBe(true);
    expect(line?.responseTime).toBeGreaterThanOrEqual(120);
  });
});
