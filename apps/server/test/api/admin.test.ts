/**
 * The operators' console through the real server (issue 12): every console call refused for a
 * normal owner with nothing changed, the audit log (who, what, when, before/after, reason,
 * filters, pages), and console actions writing their audit rows.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  ADMIN_USER_MESSAGES,
  ALL_CALLS,
  adminAuditListCall,
  adminContentFindCall,
  adminOverviewCall,
  adminSuperAddCall,
  adminSuperListCall,
  adminSuperRemoveCall,
  adminUserDetailCall,
  adminUserPlanCall,
  adminUserSearchCall,
  adminUserSuspendCall,
  adminUserTrialCall,
  CODES,
  channelCreateCall,
  contentDetailCall,
  contentListCall,
  contentSetProducedCall,
  loginCall,
  planLevel,
  type TCall,
  type TCallInput,
  userInfoCall,
} from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readOutbox } from "../../src/platform/mail/index";
import { testDatabaseTargets } from "../support/databases";
import { createUser, uniqueEmail } from "../support/factories";
import { startSharingServer, type TOwner, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("admin console on $name", (target) => {
  let s: TSharingServer;
  let root: TOwner;

  beforeAll(async () => {
    s = await startSharingServer(target.env);
    root = await superOwner();
  });
  afterAll(async () => {
    await s?.shutdown();
  });

  async function superOwner(): Promise<TOwner> {
    const user = await createUser(s.platform.database.db, { isSuper: true });
    const res = await s.call(loginCall, { email_id: user.emailId, password: user.password });
    if (!res.body.status) throw new Error(`super sign-in failed: ${JSON.stringify(res.body)}`);
    return { ...user, token: res.body.data.atk };
  }

  async function signIn(emailId: string, password: string) {
    return s.call(loginCall, { email_id: emailId, password });
  }

  async function supers(): Promise<string[]> {
    return (await ok(adminSuperListCall, {})).docs.map((d) => d.email_id);
  }

  const DAY = 86_400_000;

  async function ok<C extends TCall>(call: C, payload: TCallInput<C>, token = root.token) {
    const res = await s.call(call, payload, { token });
    if (!res.body.status) throw new Error(`${call.path} failed: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  it("audits marking a content produced: who, what, before/after and the reason", async () => {
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId, { title: "Pump housing" });
    await ok(contentSetProducedCall, { content_id: contentId, is_produced: true, reason: "We built it" });
    const detail = await ok(contentDetailCall, { content_id: contentId }, owner.token);
    expect(detail.doc.is_produced).toBe(true);

    const log = await ok(adminAuditListCall, { page: 1, target_id: contentId });
    expect(log.total).toBe(1);
    expect(log.docs[0]).toMatchObject({
      actor_id: root.userId,
      actor_email_id: root.emailId,
      action: "content.produced",
      target_type: "content",
      target_id: contentId,
      before: { is_produced: false },
      after: { is_produced: true, title: "Pump housing", owner_id: owner.userId },
      reason: "We built it",
    });
    expect(Date.now() - Date.parse(log.docs[0]?.created_at ?? "")).toBeLessThan(60_000);

    await ok(contentSetProducedCall, { content_id: contentId, is_produced: false });
    const both = await ok(adminAuditListCall, { page: 1, target_id: contentId });
    expect(both.docs.map((d) => d.after?.is_produced)).toEqual([false, true]);
  });

  it("pages the audit log newest first and filters by action", async () => {
    const owner = await s.owner("basic");
    const ids: string[] = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) ids.push(await s.content(owner.userId));
    for (const id of ids) await ok(contentSetProducedCall, { content_id: id, is_produced: true });
    const first = await ok(adminAuditListCall, { page: 1, action: "content.produced" });
    expect(first.docs).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.total).toBeGreaterThanOrEqual(ids.length);
    expect(first.docs[0]?.target_id).toBe(ids.at(-1));
    const times = first.docs.map((d) => Date.parse(d.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const none = await ok(adminAuditListCall, { page: 1, action: "user.trial", target_id: ids[0] });
    expect(none).toMatchObject({ docs: [], total: 0 });
  });

  it("finds owners by e-mail, pages them and shows plan, trial, contents and channel", async () => {
    const marker = `find${Date.now().toString(36)}`;
    const owners = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) {
      const user = await createUser(s.platform.database.db, { emailId: uniqueEmail(marker) });
      owners.push(user.emailId);
    }
    const found = await ok(adminUserSearchCall, { q: marker.toUpperCase(), page: 1 });
    expect(found.total).toBe(ADMIN_PAGE_SIZE + 2);
    expect(found.docs).toHaveLength(ADMIN_PAGE_SIZE);
    expect(found.docs[0]).toMatchObject({ trial: false, level: "basic", suspended: false, is_super: false });
    const second = await ok(adminUserSearchCall, { q: marker, page: 2 });
    expect(second.docs).toHaveLength(2);
    expect([...found.docs, ...second.docs].map((d) => d.email_id).sort()).toEqual(owners.sort());
    const one = await ok(adminUserSearchCall, { q: owners[3] ?? "", page: 1 });
    expect(one.docs.map((d) => d.email_id)).toEqual([owners[3]]);
    const wildcard = await ok(adminUserSearchCall, { q: "%", page: 1 });
    expect(wildcard.total).toBe(0);
    const tooFar = await s.call(adminUserSearchCall, { q: "", page: 501 }, { token: root.token });
    expect(tooFar.body.rescode).toBe(CODES.validation.rescode);

    const owner = await s.owner("basic");
    await s.content(owner.userId);
    await s.content(owner.userId);
    await ok(channelCreateCall, { channel_name: "Aurora Lamps" }, owner.token);
    const detail = await ok(adminUserDetailCall, { user_id: owner.userId });
    expect(detail.doc).toMatchObject({
      user_id: owner.userId,
      email_id: owner.emailId,
      active_plane: "free",
      payment_status: false,
      trial: false,
      trial_ends_at: null,
      contents: 2,
      channel: { channel_name: "Aurora Lamps" },
      suspended: false,
      suspended_at: null,
      plane_info: { plan: "free", subscribed: false },
    });
    const missing = await s.call(adminUserDetailCall, { user_id: "user_nobody" }, { token: root.token });
    expect(missing.body.rescode).toBe(CODES.userNotFound.rescode);
  });

  it("extends a trial to a date with a reason; the owner gets Advanced and the log says why", async () => {
    const owner = await s.owner("basic");
    const noReason = await s.call(
      adminUserTrialCall,
      { user_id: owner.userId, trial_ends_at: new Date(Date.now() + 10 * DAY).toISOString(), reason: "  " },
      { token: root.token },
    );
    expect(noReason.body).toMatchObject({
      rescode: CODES.validation.rescode,
      data: { fields: { reason: ADMIN_MESSAGES.reason } },
    });
    const past = await s.call(
      adminUserTrialCall,
      { user_id: owner.userId, trial_ends_at: new Date(Date.now() - DAY).toISOString(), reason: "late" },
      { token: root.token },
    );
    expect(past.body).toMatchObject({
      rescode: CODES.validation.rescode,
      data: { fields: { trial_ends_at: ADMIN_USER_MESSAGES.trialInPast } },
    });
    const far = await s.call(
      adminUserTrialCall,
      { user_id: owner.userId, trial_ends_at: new Date(Date.now() + 400 * DAY).toISOString(), reason: "x" },
      { token: root.token },
    );
    expect(far.body.data).toEqual({ fields: { trial_ends_at: ADMIN_USER_MESSAGES.trialTooFar } });
    expect((await ok(adminAuditListCall, { page: 1, target_id: owner.userId })).total).toBe(0);

    const endsAt = new Date(Date.now() + 14 * DAY).toISOString();
    const res = await s.call(
      adminUserTrialCall,
      { user_id: owner.userId, trial_ends_at: endsAt, reason: "Trade fair lead" },
      { token: root.token },
    );
    expect(res.body).toMatchObject({ status: true, message: "Done. It is recorded in the audit log." });
    if (!res.body.status) return;
    expect(res.body.data.doc).toMatchObject({ trial: true, trial_ends_at: endsAt, level: "advanced" });
    const info = await ok(userInfoCall, {}, owner.token);
    expect(planLevel(info.docs[0] ?? {})).toBe("advanced");

    const log = await ok(adminAuditListCall, { page: 1, target_id: owner.emailId });
    expect(log.docs).toHaveLength(1);
    expect(log.docs[0]).toMatchObject({
      action: "user.trial",
      target_type: "user",
      target_id: owner.userId,
      target_label: owner.emailId,
      actor_email_id: root.emailId,
      before: { trial_ends_at: null },
      after: { trial_ends_at: endsAt },
      reason: "Trade fair lead",
    });
  });

  it("sets a plan by hand through accounts.setPlan, audited with before and after", async () => {
    const owner = await s.owner("basic");
    const expires = new Date(Date.now() + 30 * DAY).toISOString();
    const res = await ok(adminUserPlanCall, {
      user_id: owner.userId,
      plan: "standard",
      plan_expires_at: expires,
      reason: "Paid by invoice 42",
    });
    expect(res.doc).toMatchObject({
      active_plane: "standard",
      payment_status: true,
      level: "standard",
      plane_info: { plan: "standard", subscribed: true, expires_at: expires },
    });
    const info = await ok(userInfoCall, {}, owner.token);
    expect(info.docs[0]).toMatchObject({ active_plane: "standard", payment_status: true });
    const back = await ok(adminUserPlanCall, {
      user_id: owner.userId,
      plan: "free",
      plan_expires_at: null,
      reason: "Invoice cancelled",
    });
    expect(back.doc).toMatchObject({ active_plane: "free", payment_status: false, level: "basic" });
    const log = await ok(adminAuditListCall, { page: 1, action: "user.plan", target_id: owner.userId });
    expect(log.docs.map((d) => [d.before?.plan, d.after?.plan, d.reason])).toEqual([
      ["standard", "free", "Invoice cancelled"],
      ["free", "standard", "Paid by invoice 42"],
    ]);
    expect(log.docs[1]?.after).toMatchObject({ payment_status: true, plan_expires_at: expires });
  });

  it("suspends an account: its sessions end, sign-in says it is suspended; restoring lets it in", async () => {
    const owner = await s.owner("basic");
    const self = await s.call(
      adminUserSuspendCall,
      { user_id: root.userId, suspended: true, reason: "test" },
      { token: root.token },
    );
    expect(self.body.rescode).toBe(CODES.adminSelfAction.rescode);

    const suspended = await ok(adminUserSuspendCall, {
      user_id: owner.userId,
      suspended: true,
      reason: "Chargeback",
    });
    expect(suspended.doc.suspended).toBe(true);
    const stale = await s.call(contentListCall, { search: "", sort: "updated" }, { token: owner.token });
    expect(stale.body.rescode).toBe(CODES.forbidden.rescode);
    const refused = await signIn(owner.emailId, owner.password);
    expect(refused.body).toMatchObject({
      status: false,
      rescode: CODES.accountSuspended.rescode,
      message: "This account is suspended. Please contact customer support.",
    });
    // A wrong password is told nothing about the suspension.
    const guess = await signIn(owner.emailId, "not-the-password1");
    expect(guess.body.rescode).toBe(CODES.wrongCredentials.rescode);
    expect((await ok(adminUserSearchCall, { q: owner.emailId, page: 1 })).docs[0]?.suspended).toBe(true);

    await ok(adminUserSuspendCall, { user_id: owner.userId, suspended: false, reason: "Resolved" });
    const back = await signIn(owner.emailId, owner.password);
    expect(back.body.status).toBe(true);
    const log = await ok(adminAuditListCall, { page: 1, target_id: owner.userId });
    expect(log.docs.map((d) => [d.action, d.reason])).toEqual([
      ["user.restore", "Resolved"],
      ["user.suspend", "Chargeback"],
    ]);
    expect(log.docs[1]?.before).toEqual({ suspended_at: null });
    expect(typeof log.docs[1]?.after?.suspended_at).toBe("string");
  });

  it("finds contents by id or owner e-mail for the produced-models page", async () => {
    const owner = await s.owner("basic");
    const first = await s.content(owner.userId, { title: "Valve" });
    const second = await s.content(owner.userId, { title: "Gear" });
    const byOwner = await ok(adminContentFindCall, { q: owner.emailId.toUpperCase() });
    expect(byOwner.docs.map((d) => d.content_id).sort()).toEqual([first, second].sort());
    expect(byOwner.docs[0]).toMatchObject({
      owner_email_id: owner.emailId,
      is_produced: false,
      status: "ready",
    });
    const byId = await ok(adminContentFindCall, { q: first });
    expect(byId.docs).toEqual([expect.objectContaining({ content_id: first, title: "Valve" })]);
    expect((await ok(adminContentFindCall, { q: "nobody@example.com" })).docs).toEqual([]);
  });

  it("counts real figures on the console home", async () => {
    const before = await ok(adminOverviewCall, {});
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId);
    await ok(contentSetProducedCall, { content_id: contentId, is_produced: true, reason: "home" });
    const after = await ok(adminOverviewCall, {});
    expect(after.users).toBe(before.users + 1);
    expect(after.contents).toBe(before.contents + 1);
    expect(after.produced).toBe(before.produced + 1);
    expect(after.audit_week).toBe(before.audit_week + 1);
    expect(after.supers).toBe((await supers()).length);
    expect(after.recent[0]).toMatchObject({ action: "content.produced", target_id: contentId });
  });

  it("refuses every console call to a normal owner, and nothing changes", async () => {
    const owner = await s.owner("basic");
    const victim = await s.owner("basic");
    const contentId = await s.content(victim.userId);
    const before = await ok(adminAuditListCall, { page: 1 });
    const supersBefore = await supers();
    const detailBefore = await ok(adminUserDetailCall, { user_id: victim.userId });
    const later = new Date(Date.now() + 5 * DAY).toISOString();
    const refusals: Array<[TCall, unknown]> = [
      [adminAuditListCall, { page: 1 }],
      [adminOverviewCall, {}],
      [adminUserSearchCall, { q: "", page: 1 }],
      [adminUserDetailCall, { user_id: victim.userId }],
      [adminUserTrialCall, { user_id: victim.userId, trial_ends_at: later, reason: "mine" }],
      [
        adminUserPlanCall,
        { user_id: victim.userId, plan: "advanced", plan_expires_at: null, reason: "mine" },
      ],
      [adminUserSuspendCall, { user_id: victim.userId, suspended: true, reason: "mine" }],
      [adminSuperListCall, {}],
      [adminSuperAddCall, { email: owner.emailId, reason: "mine" }],
      [adminSuperRemoveCall, { email_id: root.emailId, reason: "mine" }],
      [adminContentFindCall, { q: contentId }],
      [contentSetProducedCall, { content_id: contentId, is_produced: true, reason: "mine" }],
    ];
    for (const [call, payload] of refusals) {
      const res = await s.call(call, payload as never, { token: owner.token });
      expect(res.body, call.path).toMatchObject({ status: false, rescode: CODES.forbidden.rescode });
      expect(res.body.data ?? null, call.path).toBeNull();
      const anonymous = await s.call(call, payload as never);
      expect(anonymous.body.rescode, call.path).toBe(CODES.forbidden.rescode);
    }
    const detail = await ok(contentDetailCall, { content_id: contentId }, victim.token);
    expect(detail.doc.is_produced).toBe(false);
    expect(await ok(adminUserDetailCall, { user_id: victim.userId })).toEqual(detailBefore);
    expect(await supers()).toEqual(supersBefore);
    expect((await signIn(victim.emailId, victim.password)).body.status).toBe(true);
    const after = await ok(adminAuditListCall, { page: 1 });
    expect(after.total).toBe(before.total);
  });

  it("refuses every super call of every module to a normal owner before reading its input", async () => {
    const owner = await s.owner("basic");
    const superCalls = ALL_CALLS.filter((call) => call.auth === "super");
    expect(superCalls.length).toBeGreaterThanOrEqual(11);
    for (const call of superCalls) {
      const res = await s.call(call, {} as never, { token: owner.token });
      expect(res.body.rescode, call.path).toBe(CODES.forbidden.rescode);
    }
  });

  // Last: it removes every other super account.
  it("adds super accounts (promote or create with a mailed link) and never removes the last one", async () => {
    const owner = await s.owner("basic");
    const promoted = await ok(adminSuperAddCall, { email: owner.emailId, reason: "New operator" });
    expect(promoted).toEqual({ outcome: "promoted", email_id: owner.emailId });
    expect(await supers()).toContain(owner.emailId);
    const fresh = uniqueEmail("operator");
    const created = await ok(adminSuperAddCall, { email: fresh, reason: "Night shift" });
    expect(created).toEqual({ outcome: "created", email_id: fresh });
    const mails = (await readOutbox(s.platform.config.dataDir)).filter((m) => m.to === fresh);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/\/passwd\/reset\//);

    const log = await ok(adminAuditListCall, { page: 1, action: "super.add" });
    expect(log.docs.slice(0, 2).map((d) => [d.after?.email_id, d.after?.outcome, d.reason])).toEqual([
      [fresh, "created", "Night shift"],
      [owner.emailId, "promoted", "New operator"],
    ]);

    const notSuper = await s.call(
      adminSuperRemoveCall,
      { email_id: "nobody@example.com", reason: "x" },
      { token: root.token },
    );
    expect(notSuper.body.rescode).toBe(CODES.notFound.rescode);
    for (const emailId of await supers()) {
      if (emailId === root.emailId) continue;
      await ok(adminSuperRemoveCall, { email_id: emailId, reason: "Left the team" });
    }
    expect(await supers()).toEqual([root.emailId]);
    const last = await s.call(
      adminSuperRemoveCall,
      { email_id: root.emailId, reason: "Leaving" },
      { token: root.token },
    );
    expect(last.body).toMatchObject({
      rescode: CODES.lastSuperAccount.rescode,
      message: "The last super account cannot be removed.",
    });
    expect(await supers()).toEqual([root.emailId]);
    const removed = await ok(adminAuditListCall, {
      page: 1,
      action: "super.remove",
      target_id: owner.userId,
    });
    expect(removed.docs[0]).toMatchObject({ before: { is_super: true }, after: { is_super: false } });
    // The removed operator's token no longer opens the console.
    const demoted = await s.call(adminOverviewCall, {}, { token: owner.token });
    expect(demoted.body.rescode).toBe(CODES.forbidden.rescode);
  });
});
