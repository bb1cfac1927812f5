/**
 * The content creation limit under concurrency (issue 12): an owner one content below the limit
 * fires several creates (duplicates) at once; the owner's row lock in the create's transaction
 * lets exactly one through and refuses the others with `planLimit`, so the owner never holds
 * more than the plan allows. On PostgreSQL the calls are made to overlap for certain: another
 * connection holds a SHARE lock on `contents` (reads go on, inserts wait) until every create is
 * waiting, then lets go — without the row lock each create would have counted below the limit
 * and inserted. PGlite has one connection: there the creates run one after another.
 */
import {
  CODES,
  contentDuplicateCall,
  loginCall,
  PLAN_LIMITS,
  type TResponseEnvelope,
} from "@vitrine/contract";
import { count, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contents } from "../../src/db/schema/content";
import { testConfig } from "../support/config";
import { testDatabaseTargets } from "../support/databases";
import { createContentRows, createUser, uniqueIp } from "../support/factories";
import { startServer, type TTestServer } from "./harness";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("content limit race on $name", (target) => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startServer(
      testConfig({ ...target.env, RATE_LIMITS_ENABLED: "false", RENEWAL_CHECK_MS: "0" }),
    );
  });
  afterAll(async () => {
    await server?.shutdown();
  });

  const db = () => server.built.platform.database.db;

  it("lets only one of several concurrent creates at the limit through", async () => {
    const max = PLAN_LIMITS.basic.content.limit_count;
    const user = await createUser(db());
    const login = await server.post(
      loginCall.path,
      await server.envelope.wrap({ email_id: user.emailId, password: user.password }),
      { "x-forwarded-for": uniqueIp() },
    );
    const token = (login.json as TResponseEnvelope<{ atk: string }>).data.atk;
    const ids = await createContentRows(db(), user.userId, max - 1);
    const racers = 4;
    // PostgreSQL: hold inserts into contents until every create is inside its transaction.
    const url = target.env.DATABASE_URL;
    const gate = url ? new pg.Client({ connectionString: url }) : null;
    if (gate) {
      await gate.connect();
      await gate.query("BEGIN");
      await gate.query("LOCK TABLE contents IN SHARE MODE");
    }
    const racing = Promise.all(
      Array.from({ length: racers }, async () => {
        const res = await server.post(
          contentDuplicateCall.path,
          await server.envelope.wrap({ content_id: ids[0] ?? "" }),
          { authorization: `Bearer ${token}`, "x-forwarded-for": uniqueIp() },
        );
        return res.json as TResponseEnvelope<unknown>;
      }),
    );
    if (gate) {
      try {
        for (;;) {
          // Inside a transaction the activity view is a snapshot: take a fresh one each time.
          await gate.query("select pg_stat_clear_snapshot()");
          const waiting = await gate.query<{ n: string }>(
            "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          if (Number(waiting.rows[0]?.n ?? 0) >= racers) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await gate.query("COMMIT");
        await gate.end();
      }
    }
    const answers = await racing;
    expect(answers.filter((a) => a.status)).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.status)) {
      expect(refused).toMatchObject({ rescode: CODES.planLimit.rescode, data: { limit: "content", max } });
    }
    const [held] = await db().select({ n: count() }).from(contents).where(eq(contents.ownerId, user.userId));
    expect(held?.n).toBe(max);
  });
});
