import { randomUUID } from "node:crypto";
import { LOG_FIXED_KEY, type TViewLog, ZViewLog } from "@vitrine/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testLogger } from "../../../test/support/config";
import { openTestDatabase, testDatabaseTargets } from "../../../test/support/databases";
import { viewLogs } from "../../db/schema/analytics";
import type { TDatabase } from "../../platform/types";
import { createViewLogWriter } from "./service";

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

/** A log as the dispatcher hands it over: parsed by the contract, defaults applied. */
function log(sessionId: string, overrides: Partial<Record<string, unknown>> = {}): TViewLog {
  return ZViewLog.parse({
    key: LOG_FIXED_KEY,
    sessionId,
    contentId: "content_1",
    pageType: "content",
    contentType: "home",
    action: "view",
    path: "/viewer/abc",
    metadata: { browser: "Firefox", deviceType: "desktop" },
    ...overrides,
  });
}

describe.each(targets)("view log writer on $name", (target) => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database.close());

  const session = () => `session-${randomUUID()}`;
  /** Rows stored for a session, and how many INSERT statements (transactions) wrote them. */
  async function stored(sessionId: string): Promise<{ rows: number; inserts: number }> {
    const [row] = await database.db
      .select({ rows: sql<number>`count(*)::int`, inserts: sql<number>`count(distinct xmin::text)::int` })
      .from(viewLogs)
      .where(eq(viewLogs.sessionId, sessionId));
    return { rows: row?.rows ?? 0, inserts: row?.inserts ?? 0 };
  }

  it("writes buffered logs with one INSERT when flushed", async () => {
    const writer = createViewLogWriter(database.db, { flushMs: 60_000, logger: testLogger() });
    const s = session();
    for (let i = 0; i < 40; i++) writer.record(log(s), "Mozilla/5.0 test");
    expect(await stored(s)).toEqual({ rows: 0, inserts: 0 });
    await writer.flush();
    expect(await stored(s)).toEqual({ rows: 40, inserts: 1 });
    await writer.stop();
  });

  it("writes on its own after LOG_FLUSH_MS", async () => {
    const writer = createViewLogWriter(database.db, { flushMs: 50, logger: testLogger() });
    const s = session();
    for (let i = 0; i < 3; i++) writer.record(log(s), "UA");
    await vi.waitFor(async () => expect(await stored(s)).toEqual({ rows: 3, inserts: 1 }), {
      timeout: 10_000,
    });
    await writer.stop();
  });

  it("writes a full buffer at once, in INSERTs of at most 500 rows, and the rest at stop", async () => {
    // The timer is far away: only the buffer size can trigger these writes.
    const writer = createViewLogWriter(database.db, { flushMs: 60_000, logger: testLogger() });
    const s = session();
    for (let i = 0; i < 1200; i++) writer.record(log(s), "UA");
    await vi.waitFor(async () => expect(await stored(s)).toEqual({ rows: 1200, inserts: 3 }), {
      timeout: 10_000,
    });
    for (let i = 0; i < 7; i++) writer.record(log(s), "UA");
    expect((await stored(s)).rows).toBe(1200);
    await writer.stop();
    expect(await stored(s)).toEqual({ rows: 1207, inserts: 4 });
  });

  it("stores the request's user agent and the fields as sent", async () => {
    const writer = createViewLogWriter(database.db, { flushMs: 60_000, logger: testLogger() });
    const s = session();
    writer.record(
      log(s, { action: "view_end", duration: 42, referrer: "https://example.com/", visit_userId: "user_x" }),
      "Agent/1.0",
    );
    await writer.stop();
    const [row] = await database.db.select().from(viewLogs).where(eq(viewLogs.sessionId, s));
    expect(row).toMatchObject({
      action: "view_end",
      duration: 42,
      referrer: "https://example.com/",
      visitUserId: "user_x",
      userAgent: "Agent/1.0",
      contentId: "content_1",
      metadata: {
        platform: "",
        platformVersion: "",
        browser: "Firefox",
        browserVersion: "",
        isMobile: false,
        deviceType: "desktop",
      },
    });
    expect(row?.id).toMatch(/^log_/);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });
});
