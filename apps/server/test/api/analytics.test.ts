/**
 * The visitor log call through the real server: valid logs are stored, invalid ones are
 * refused with nothing stored, and a clean shutdown writes what is still buffered.
 */
import { addOriginLogCall, CODES, LOG_FIXED_KEY, type ZViewLog } from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { viewLogs } from "../../src/db/schema/analytics";
import type { TDatabase } from "../../src/platform/types";
import { testConfig } from "../support/config";
import { testDatabaseTargets } from "../support/databases";
import { startServer, type TTestServer } from "./harness";

// Every server opens a database and runs its migrations: slow on a busy machine, never hung.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

type TLog = z.input<typeof ZViewLog>;

/** A view log as a visitor's browser sends it. */
function viewLog(sessionId: string, overrides: Partial<TLog> = {}): TLog {
  return {
    key: LOG_FIXED_KEY,
    sessionId,
    pageType: "share",
    contentType: "product",
    action: "view_start",
    path: "/share/abc",
    metadata: {
      platform: "Windows",
      platformVersion: "10",
      browser: "Chrome",
      browserVersion: "126",
      isMobile: false,
      deviceType: "desktop",
    },
    ...overrides,
  };
}

async function rowsOf(database: TDatabase, sessionId: string) {
  return database.db.select().from(viewLogs).where(eq(viewLogs.sessionId, sessionId));
}

describe.each(targets)("analytics logs on $name", (target) => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startServer(testConfig(target.env));
  });
  afterAll(() => server?.shutdown());

  it("stores a valid log row", async () => {
    const sessionId = `session-${crypto.randomUUID()}`;
    const res = await server.send(addOriginLogCall, viewLog(sessionId, { contentId: "content_1" }));
    expect(res).toMatchObject({ status: true, rescode: 200, data: { accepted: true } });
    await vi.waitFor(
      async () => expect(await rowsOf(server.built.platform.database, sessionId)).toHaveLength(1),
      {
        timeout: 10_000,
      },
    );
    const [row] = await rowsOf(server.built.platform.database, sessionId);
    expect(row).toMatchObject({ action: "view_start", path: "/share/abc", contentId: "content_1" });
  });

  it("refuses a log without a session id and stores nothing", async () => {
    const { sessionId: _omitted, ...withoutSession } = viewLog("unused-session");
    const bad = await server.post(addOriginLogCall.path, await server.envelope.wrap(withoutSession));
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      status: false,
      rescode: CODES.validation.rescode,
      data: { fields: { sessionId: expect.any(String) } },
    });
    const badPath = `/bad/${crypto.randomUUID()}`;
    await server.post(
      addOriginLogCall.path,
      await server.envelope.wrap({ ...withoutSession, path: badPath }),
    );

    // Once a later valid log is stored, the refused ones would have been too.
    const sessionId = `session-${crypto.randomUUID()}`;
    await server.send(addOriginLogCall, viewLog(sessionId));
    await vi.waitFor(
      async () => expect(await rowsOf(server.built.platform.database, sessionId)).toHaveLength(1),
      {
        timeout: 10_000,
      },
    );
    const stored = await server.built.platform.database.db
      .select()
      .from(viewLogs)
      .where(eq(viewLogs.path, badPath));
    expect(stored).toHaveLength(0);
  });

  it("has stored a log by the time it answers accepted", async () => {
    const sessionId = `session-${crypto.randomUUID()}`;
    for (const action of ["view_start", "view"] as const) {
      expect(await server.send(addOriginLogCall, viewLog(sessionId, { action }))).toMatchObject({
        status: true,
        data: { accepted: true },
      });
    }
    expect(await rowsOf(server.built.platform.database, sessionId)).toHaveLength(2);
  });
});
