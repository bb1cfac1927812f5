/**
 * A console change and its audit row commit together (issue 12): when the audit row cannot be
 * written (here the test adds a CHECK to `admin_audit_log` that refuses one reason), setting a
 * plan, a trial, suspending or restoring an account changes nothing; with any other reason both
 * the change and its row are there.
 */
import {
  adminUserPlanCall,
  adminUserSuspendCall,
  adminUserTrialCall,
  loginCall,
  type TCall,
  type TCallInput,
  type TResponseEnvelope,
  userInfoCall,
} from "@vitrine/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../src/db/schema/accounts";
import { adminAuditLog } from "../../src/db/schema/admin";
import { testConfig } from "../support/config";
import { testDatabaseTargets } from "../support/databases";
import { createUser, uniqueIp } from "../support/factories";
import { startServer, type TTestServer } from "./harness";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 180_000 });

const REFUSED = "refused by the audit log";
const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("console changes and their audit rows on $name", (target) => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startServer(
      testConfig({ ...target.env, RATE_LIMITS_ENABLED: "false", RENEWAL_CHECK_MS: "0" }),
    );
    await server.built.platform.database.db.execute(
      sql.raw(
        `ALTER TABLE admin_audit_log ADD CONSTRAINT test_audit_refuses CHECK (reason IS DISTINCT FROM '${REFUSED}')`,
      ),
    );
  });
  afterAll(async () => {
    await server?.shutdown();
  });

  const db = () => server.built.platform.database.db;

  async function signIn(isSuper: boolean) {
    const user = await createUser(db(), { isSuper });
    const res = await server.post(
      loginCall.path,
      await server.envelope.wrap({ email_id: user.emailId, password: user.password }),
      { "x-forwarded-for": uniqueIp() },
    );
    return { userId: user.userId, token: (res.json as TResponseEnvelope<{ atk: string }>).data.atk };
  }

  async function call<C extends TCall>(c: C, payload: TCallInput<C>, token: string) {
    const res = await server.post(c.path, await server.envelope.wrap(payload), {
      authorization: `Bearer ${token}`,
      "x-forwarded-for": uniqueIp(),
    });
    return res.json as TResponseEnvelope<unknown>;
  }

  const rowsOf = (userId: string, action: string) =>
    db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, userId), eq(adminAuditLog.action, action)));

  it("keeps nothing when the audit row fails, and both when it is written", async () => {
    const root = await signIn(true);
    const owner = await signIn(false);
    const [start] = await db().select().from(users).where(eq(users.id, owner.userId));
    const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();

    const plan = { user_id: owner.userId, plan: "advanced", plan_expires_at: inMonth } as const;
    expect((await call(adminUserPlanCall, { ...plan, reason: REFUSED }, root.token)).status).toBe(false);
    const trial = { user_id: owner.userId, trial_ends_at: inMonth } as const;
    expect((await call(adminUserTrialCall, { ...trial, reason: REFUSED }, root.token)).status).toBe(false);
    const suspend = { user_id: owner.userId, suspended: true } as const;
    expect((await call(adminUserSuspendCall, { ...suspend, reason: REFUSED }, root.token)).status).toBe(
      false,
    );

    const [kept] = await db().select().from(users).where(eq(users.id, owner.userId));
    expect(kept).toMatchObject({
      activePlane: start?.activePlane,
      paymentStatus: false,
      trialEndsAt: start?.trialEndsAt ?? null,
      suspendedAt: null,
    });
    // The owner still signs in and reads its info as before (nothing was suspended).
    const info = await call(userInfoCall, {}, owner.token);
    expect(info.status).toBe(true);
    expect((info.data as { docs: { active_plane: string }[] }).docs[0]?.active_plane).toBe(
      start?.activePlane,
    );
    for (const action of ["user.plan", "user.trial", "user.suspend"]) {
      expect(await rowsOf(owner.userId, action)).toHaveLength(0);
    }

    // With a reason the log takes, the change and its row are both there.
    expect((await call(adminUserPlanCall, { ...plan, reason: "Pilot customer" }, root.token)).status).toBe(
      true,
    );
    expect((await call(adminUserSuspendCall, { ...suspend, reason: "Chargeback" }, root.token)).status).toBe(
      true,
    );
    const [changed] = await db().select().from(users).where(eq(users.id, owner.userId));
    expect(changed).toMatchObject({ activePlane: "advanced", paymentStatus: true });
    expect(changed?.suspendedAt).not.toBeNull();
    expect(await rowsOf(owner.userId, "user.plan")).toHaveLength(1);
    expect(await rowsOf(owner.userId, "user.suspend")).toHaveLength(1);

    // Restoring is kept only with its row, too.
    const restore = { user_id: owner.userId, suspended: false } as const;
    expect((await call(adminUserSuspendCall, { ...restore, reason: REFUSED }, root.token)).status).toBe(
      false,
    );
    const [still] = await db().select().from(users).where(eq(users.id, owner.userId));
    expect(still?.suspendedAt).not.toBeNull();
    expect(await rowsOf(owner.userId, "user.restore")).toHaveLength(0);
  });
});
