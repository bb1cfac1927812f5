import { randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testLogger } from "../../../test/support/config";
import { openTestDatabase, testDatabaseTargets } from "../../../test/support/databases";
import { viewLogs } from "../../db/schema/analytics";
import type { TDatabase } from "../../platform/types";
import { createViewLogWriter, newLogId } from "./log-writer";
import type { TNewViewLog } from "./queries";

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

/** A row as intake hands it to the writer. */
function log(sessionId: string, overrides: Partial<TNewViewLog> = {}): TNewViewLog {
  return {
    id: newLogId(),
    createdAt: new Date(),
    sessionId,
    contentId: "content_1",
    pageType: "content",
    contentType: "product",
    action: "view",
    path: "/viewer/abc",
    browser: "Firefox",
    device: "desktop",
    ...overrides,
  };
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

  it("resolves a record only once its row is stored", async () => {
    const writer = createViewLogWriter(database.db, { logger: testLogger() });
    const s = session();
    await writer.record([log(s)]);
    expect(await stored(s)).toEqual({ rows: 1, inserts: 1 });
    await writer.stop();
  });

  it("writes the rows that arrive during an INSERT together, at most 500 per INSERT", async () => {
    const writer = createViewLogWriter(database.db, { logger: testLogger() });
    const s = session();
    // The first row starts an INSERT at once; the 1,200 after it wait for it and go in 3 more.
    await Promise.all(Array.from({ length: 1201 }, () => writer.record([log(s)])));
    expect(await stored(s)).toEqual({ rows: 1201, inserts: 4 });
    await writer.stop();
  });

  it("stores the fields as intake reduced them", async () => {
    const writer = createViewLogWriter(database.db, { logger: testLogger() });
    const s = session();
    await writer.record([
      log(s, {
        action: "view_end",
        duration: 42,
        inflow: "site:example.com",
        visitUserId: "user_x",
        // Rows go in as one array per column: quotes, braces, commas and backslashes survive.
        path: '/share/a"b\\c{d},e NULL 한글',
      }),
      log(s, { action: "view", detail: "" }),
    ]);
    await writer.stop();
    const rows = await database.db.select().from(viewLogs).where(eq(viewLogs.sessionId, s));
    expect(rows.find((r) => r.action === "view")?.duration).toBeNull();
    const row = rows.find((r) => r.action === "view_end");
    expect(row).toMatchObject({
      path: '/share/a"b\\c{d},e NULL 한글',
      action: "view_end",
      duration: 42,
      inflow: "site:example.com",
      visitUserId: "user_x",
      contentId: "content_1",
      browser: "Firefox",
      device: "desktop",
    });
    expect(row?.id).toMatch(/^log_/);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });
});
