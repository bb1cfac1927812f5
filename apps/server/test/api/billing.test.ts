/**
 * Plans, subscriptions and payments through the real server (issue 12): the catalogue (public,
 * edited by operators only, audited), checkout → confirm → the plan and its limits rise, the
 * receipt e-mail, reject and refund, cancel, upgrade at once / downgrade at renewal, the renewal
 * job (reminder, invoice, retries, expiry to Basic with nothing deleted), every console call
 * refused to a normal owner and bad input storing nothing.
 */
import {
  ADMIN_MESSAGES,
  adminAuditListCall,
  adminCatalogueUpdateCall,
  adminPaymentConfirmCall,
  adminPaymentListCall,
  adminPaymentRefundCall,
  adminPaymentRejectCall,
  CODES,
  contentDuplicateCall,
  contentListCall,
  DEFAULT_CATALOGUE,
  loginCall,
  paymentAccountCall,
  paymentCancelCall,
  paymentChangePlanCall,
  paymentCheckoutCall,
  paymentDetailCall,
  planCatalogueCall,
  type TCall,
  type TCallInput,
  type TCallOutput,
  type TResponseEnvelope,
  userInfoCall,
} from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { payments, subscriptions } from "../../src/db/schema/payments";
import { planPrices } from "../../src/db/schema/plans";
import type { TPaymentsModule } from "../../src/modules/payments/routes";
import { readOutbox } from "../../src/platform/mail/index";
import { testDatabaseTargets } from "../support/databases";
import { createContentRows, createUser, startBillingServer, testClock, uniqueIp } from "../support/factories";
import type { TTestServer } from "./harness";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 180_000 });

const DAY = 86_400_000;
const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

interface TWho {
  userId: string;
  emailId: string;
  token: string;
}

describe.each(targets)("billing on $name", (target) => {
  let server: TTestServer;
  let billing: TPaymentsModule;
  const clock = testClock();
  let root: TWho;

  beforeAll(async () => {
    ({ server, billing } = await startBillingServer(
      {
        ...target.env,
        JOBS_POLL_MS: "50",
        PAYMENT_TRANSFER_BANK: "Hana Bank",
        PAYMENT_TRANSFER_ACCOUNT: "123-456789-01234",
        PAYMENT_TRANSFER_HOLDER: "Vitrine Inc.",
      },
      clock,
    ));
    root = await person({ isSuper: true });
  });
  afterAll(async () => {
    await server?.shutdown();
  });

  const db = () => server.built.platform.database.db;

  async function call<C extends TCall>(c: C, payload: TCallInput<C>, token?: string) {
    const headers: Record<string, string> = { "x-forwarded-for": uniqueIp() };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await server.post(c.path, await server.envelope.wrap(payload), headers);
    return { http: res.status, body: res.json as TResponseEnvelope<TCallOutput<C>> };
  }

  async function ok<C extends TCall>(c: C, payload: TCallInput<C>, token?: string) {
    const res = await call(c, payload, token);
    if (!res.body.status) throw new Error(`${c.path} failed: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async function person(options: { isSuper?: boolean; trialDays?: number } = {}): Promise<TWho> {
    const user = await createUser(db(), {
      isSuper: options.isSuper ?? false,
      trialEndsAt: options.trialDays ? new Date(Date.now() + options.trialDays * DAY) : null,
    });
    const res = await call(loginCall, { email_id: user.emailId, password: user.password });
    if (!res.body.status) throw new Error("sign-in failed");
    return { userId: user.userId, emailId: user.emailId, token: res.body.data.atk };
  }

  async function info(who: TWho) {
    const docs = (await ok(userInfoCall, {}, who.token)).docs;
    const doc = docs[0];
    if (!doc) throw new Error("no user info");
    return doc;
  }

  async function addContents(who: TWho, n: number): Promise<string[]> {
    return createContentRows(db(), who.userId, n);
  }

  async function subscribe(who: TWho, plan: "standard" | "advanced" = "standard", autoRenew = false) {
    const { doc } = await ok(
      paymentCheckoutCall,
      { plan, period: "month", auto_renew: autoRenew },
      who.token,
    );
    await ok(adminPaymentConfirmCall, { payment_id: doc.payment_id }, root.token);
    return doc;
  }

  async function mailsTo(emailId: string) {
    return (await readOutbox(server.config.dataDir)).filter((m) => m.to === emailId);
  }

  it("ships a default catalogue and offers only the manual provider", async () => {
    const res = await ok(planCatalogueCall, {});
    expect(res.providers).toEqual(["manual"]);
    expect(res.docs).toHaveLength(DEFAULT_CATALOGUE.length);
    expect(res.docs).toContainEqual({ plan: "standard", period: "month", currency: "KRW", amount: 29_000 });
  });

  it("lets only a super account edit the catalogue, audited, and bad input changes nothing", async () => {
    const owner = await person();
    const line = { plan: "advanced", period: "year", currency: "USD", amount: 88_000 } as const;
    const refused = await call(adminCatalogueUpdateCall, { lines: [line], reason: "Sale" }, owner.token);
    expect(refused.body).toMatchObject({ status: false, rescode: CODES.forbidden.rescode });
    const bad = await call(
      adminCatalogueUpdateCall,
      { lines: [{ ...line, amount: 0 }], reason: "Sale" },
      root.token,
    );
    expect(bad.body).toMatchObject({ status: false, rescode: CODES.validation.rescode });
    const noReason = await call(adminCatalogueUpdateCall, { lines: [line], reason: " " }, root.token);
    expect(noReason.body.status).toBe(false);
    expect(JSON.stringify(noReason.body)).toContain(ADMIN_MESSAGES.reason);
    expect((await ok(planCatalogueCall, {})).docs).toContainEqual({ ...line, amount: 99_000 });

    await ok(adminCatalogueUpdateCall, { lines: [line], reason: "Sale" }, root.token);
    expect((await ok(planCatalogueCall, {})).docs).toContainEqual(line);
    const log = await ok(adminAuditListCall, { page: 1, action: "catalogue.update" }, root.token);
    expect(log.docs[0]).toMatchObject({
      actor_id: root.userId,
      before: { "advanced/year/USD": 99_000 },
      after: { "advanced/year/USD": 88_000 },
      reason: "Sale",
    });
    await db().update(planPrices).set({ amount: 99_000 }).where(eq(planPrices.currency, "USD"));
  });

  it("checkout → confirm: the plan, its period and limits rise at once, with a receipt and an audit row", async () => {
    const owner = await person();
    await addContents(owner, 3);
    const [first] = (await ok(contentListCall, { search: "", sort: "updated" }, owner.token)).docs;
    const full = await call(contentDuplicateCall, { content_id: first?.content_id ?? "" }, owner.token);
    expect(full.body).toMatchObject({
      status: false,
      rescode: CODES.planLimit.rescode,
      data: { limit: "content", max: 3 },
    });
    expect(full.body.message).toContain("up to 3 contents");

    const { doc } = await ok(paymentCheckoutCall, { plan: "standard", period: "month" }, owner.token);
    expect(doc).toMatchObject({
      status: "pending",
      plan: "standard",
      period: "month",
      currency: "KRW",
      amount: 29_000,
      provider: "manual",
      auto_renew: false,
      transfer: { bank: "Hana Bank", account: "123-456789-01234", holder: "Vitrine Inc." },
    });
    expect(doc.payment_id).toMatch(/^payment_[0-9a-f-]{36}$/);
    expect(doc.transfer?.reference).toMatch(/^VT-/);
    expect(await info(owner)).toMatchObject({ active_plane: "free", payment_status: false });

    // A normal owner cannot confirm (its own payment either).
    const self = await call(adminPaymentConfirmCall, { payment_id: doc.payment_id }, owner.token);
    expect(self.body).toMatchObject({ status: false, rescode: CODES.forbidden.rescode });
    expect((await ok(paymentDetailCall, { payment_id: doc.payment_id }, owner.token)).doc.status).toBe(
      "pending",
    );

    const confirmed = await ok(adminPaymentConfirmCall, { payment_id: doc.payment_id }, root.token);
    expect(confirmed).toMatchObject({
      active_plane: "standard",
      payment_status: true,
      doc: { status: "paid" },
    });
    // The console's account page lists this account's payments only.
    await ok(paymentCheckoutCall, { plan: "standard", period: "month" }, (await person()).token);
    const own = await ok(adminPaymentListCall, { page: 1, user_id: owner.userId }, root.token);
    expect(own.total).toBe(1);
    expect(own.docs.map((d) => [d.payment_id, d.status, d.user_id])).toEqual([
      [doc.payment_id, "paid", owner.userId],
    ]);
    const after = await info(owner);
    expect(after).toMatchObject({
      active_plane: "standard",
      payment_status: true,
      trial: false,
      plane_info: { plan: "standard", period: "month", subscribed: true, status: "active" },
    });
    const days = (Date.parse(after.plane_info.expires_at ?? "") - Date.now()) / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    // Limits rose: a fourth content may be made now.
    const copied = await call(contentDuplicateCall, { content_id: first?.content_id ?? "" }, owner.token);
    expect(copied.body).toMatchObject({ status: true });

    const receipt = await ok(paymentDetailCall, { payment_id: doc.payment_id }, owner.token);
    expect(receipt.doc).toMatchObject({ status: "paid", transfer: null });
    expect(receipt.doc.paid_at).not.toBeNull();
    const mails = await mailsTo(owner.emailId);
    expect(mails.map((m) => m.subject)).toContain("Your Vitrine receipt");
    expect(mails.find((m) => m.subject === "Your Vitrine receipt")?.text).toContain(doc.payment_id);

    const log = await ok(adminAuditListCall, { page: 1, target_id: doc.payment_id }, root.token);
    expect(log.docs[0]).toMatchObject({
      actor_id: root.userId,
      action: "payment.confirm",
      before: { status: "pending" },
      after: { status: "paid", user_id: owner.userId },
    });
    const again = await call(adminPaymentConfirmCall, { payment_id: doc.payment_id }, root.token);
    expect(again.body).toMatchObject({ status: false, rescode: CODES.paymentNotPending.rescode });
    // A second checkout while the plan runs is refused.
    const twice = await call(paymentCheckoutCall, { plan: "advanced", period: "year" }, owner.token);
    expect(twice.body).toMatchObject({ status: false, rescode: CODES.subscriptionRunning.rescode });
  });

  it("refuses every console payment call to a normal owner and stores nothing on bad input", async () => {
    const owner = await person();
    const { doc } = await ok(paymentCheckoutCall, { plan: "advanced", period: "year" }, owner.token);
    for (const [c, payload] of [
      [adminPaymentListCall, { page: 1 }],
      [adminPaymentConfirmCall, { payment_id: doc.payment_id }],
      [adminPaymentRejectCall, { payment_id: doc.payment_id, reason: "no" }],
      [adminPaymentRefundCall, { payment_id: doc.payment_id, reason: "no" }],
    ] as const) {
      const res = await call(c as TCall, payload, owner.token);
      expect(res.body, c.path).toMatchObject({ status: false, rescode: CODES.forbidden.rescode });
    }
    const before = (await db().select().from(payments)).length;
    for (const bad of [
      { plan: "basic", period: "month" },
      { plan: "standard", period: "week" },
      { plan: "standard", period: "month", currency: "EUR" },
      { plan: "standard", period: "month", provider: "stripe" },
    ]) {
      const res = await call(paymentCheckoutCall, bad as never, owner.token);
      expect(res.body.status, JSON.stringify(bad)).toBe(false);
    }
    const stripe = await call(
      paymentCheckoutCall,
      { plan: "standard", period: "month", provider: "stripe" },
      owner.token,
    );
    expect(stripe.body.rescode).toBe(CODES.providerUnavailable.rescode);
    const visitor = await call(paymentCheckoutCall, { plan: "standard", period: "month" });
    expect(visitor.body.status).toBe(false);
    expect((await db().select().from(payments)).length).toBe(before);
    // Another owner never sees this payment.
    const other = await person();
    const hidden = await call(paymentDetailCall, { payment_id: doc.payment_id }, other.token);
    expect(hidden.body).toMatchObject({ status: false, rescode: CODES.notFound.rescode });
  });

  it("rejects with a reason (plan unchanged) and refunds (the plan it paid for ends), both audited", async () => {
    const owner = await person();
    const { doc } = await ok(paymentCheckoutCall, { plan: "standard", period: "year" }, owner.token);
    const rejected = await ok(
      adminPaymentRejectCall,
      { payment_id: doc.payment_id, reason: "No transfer" },
      root.token,
    );
    expect(rejected).toMatchObject({
      active_plane: "free",
      payment_status: false,
      doc: { status: "rejected", note: "No transfer" },
    });
    const paid = await subscribe(owner);
    expect((await info(owner)).payment_status).toBe(true);
    const refunded = await ok(
      adminPaymentRefundCall,
      { payment_id: paid.payment_id, reason: "Asked for it" },
      root.token,
    );
    expect(refunded).toMatchObject({
      active_plane: "free",
      payment_status: false,
      doc: { status: "refunded" },
    });
    expect((await info(owner)).plane_info).toMatchObject({ subscribed: false, status: "expired" });
    const pending = await ok(adminPaymentListCall, { page: 1, status: "refunded" }, root.token);
    expect(pending.docs.map((d) => d.payment_id)).toContain(paid.payment_id);
    const log = await ok(adminAuditListCall, { page: 1, target_id: paid.payment_id }, root.token);
    expect(log.docs.map((d) => d.action)).toEqual(["payment.refund", "payment.confirm"]);
  });

  it("cancel: the plan runs to the period's end, then ends to Basic with nothing deleted", async () => {
    const owner = await person();
    await addContents(owner, 2);
    await subscribe(owner, "standard", true);
    await addContents(owner, 3);
    const { subscription } = await ok(paymentCancelCall, {}, owner.token);
    expect(subscription).toMatchObject({ status: "cancelled", auto_renew: false });
    expect(await info(owner)).toMatchObject({
      active_plane: "standard",
      payment_status: true,
      plane_info: { status: "cancelled", subscribed: true },
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, owner.userId));
    const end = sub?.currentPeriodEnd?.getTime() ?? 0;
    clock.advance(end - Date.now() + 60_000);
    try {
      await billing.renewals();
    } finally {
      clock.advance(-(end - Date.now() + 60_000));
    }
    expect(await info(owner)).toMatchObject({
      active_plane: "free",
      payment_status: false,
      plane_info: { status: "expired", subscribed: false },
    });
    // Five contents stay; a sixth is refused with the limit named.
    const list = (await ok(contentListCall, { search: "", sort: "updated" }, owner.token)).docs;
    expect(list).toHaveLength(5);
    const refused = await call(contentDuplicateCall, { content_id: list[0]?.content_id ?? "" }, owner.token);
    expect(refused.body).toMatchObject({
      rescode: CODES.planLimit.rescode,
      data: { limit: "content", max: 3 },
    });
    expect((await mailsTo(owner.emailId)).map((m) => m.subject)).toContain("Your Vitrine plan has ended");
    const none = await call(paymentCancelCall, {}, owner.token);
    expect(none.body.rescode).toBe(CODES.noSubscription.rescode);
  });

  it("upgrade: a payment of the difference for the rest of the period, the plan at once when paid", async () => {
    const owner = await person();
    await subscribe(owner, "standard");
    const endBefore = (await info(owner)).plane_info.expires_at;
    const same = await call(paymentChangePlanCall, { plan: "standard" }, owner.token);
    expect(same.body.rescode).toBe(CODES.samePlan.rescode);
    const up = await ok(paymentChangePlanCall, { plan: "advanced" }, owner.token);
    expect(up.doc).toMatchObject({ kind: "upgrade", plan: "advanced", status: "pending" });
    // Nearly the whole period is left: nearly the whole difference (99,000 − 29,000).
    expect(up.doc?.amount).toBeGreaterThan(69_000);
    expect(up.doc?.amount).toBeLessThanOrEqual(70_000);
    await ok(adminPaymentConfirmCall, { payment_id: up.doc?.payment_id ?? "" }, root.token);
    const after = await info(owner);
    expect(after).toMatchObject({ active_plane: "advanced", payment_status: true });
    expect(after.plane_info.expires_at).toBe(endBefore);
  });

  it("downgrade waits for the renewal; the renewal job reminds, invoices, retries with back-off, then ends", async () => {
    const owner = await person();
    await subscribe(owner, "advanced", true);
    const down = await ok(paymentChangePlanCall, { plan: "standard" }, owner.token);
    expect(down).toMatchObject({ doc: null, subscription: { plan: "advanced", next_plan: "standard" } });
    expect((await info(owner)).active_plane).toBe("advanced");

    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, owner.userId));
    const end = sub?.currentPeriodEnd?.getTime() ?? 0;
    const at = (ms: number) => {
      const offset = ms - clock.now().getTime();
      clock.advance(offset);
    };
    try {
      at(end - 6 * DAY);
      await billing.renewals();
      await billing.renewals();
      const reminders = (await mailsTo(owner.emailId)).filter(
        (m) => m.subject === "Your Vitrine plan renews soon",
      );
      expect(reminders).toHaveLength(1);

      at(end + 60_000);
      await billing.renewals();
      const account = await ok(paymentAccountCall, {}, owner.token);
      expect(account.subscription).toMatchObject({ status: "past_due" });
      const invoice = account.payments.find((p) => p.kind === "renewal");
      // The downgrade applies at the renewal: the renewal is for Standard.
      expect(invoice).toMatchObject({ status: "pending", plan: "standard", amount: 29_000 });
      expect((await mailsTo(owner.emailId)).map((m) => m.subject)).toContain(
        "Your Vitrine plan is due for renewal",
      );
      // Before the next retry is due nothing happens; then each retry, then the plan ends.
      await billing.renewals();
      expect(
        (await db().select().from(subscriptions).where(eq(subscriptions.userId, owner.userId)))[0]
          ?.renewalAttempts,
      ).toBe(1);
      for (const day of [1, 3, 7]) {
        at(end + day * DAY + 60_000);
        await billing.renewals();
      }
      expect((await ok(paymentAccountCall, {}, owner.token)).subscription?.status).toBe("expired");
      expect(await info(owner)).toMatchObject({ active_plane: "free", payment_status: false });
      const cancelled = (await ok(paymentAccountCall, {}, owner.token)).payments.find(
        (p) => p.kind === "renewal",
      );
      expect(cancelled?.status).toBe("cancelled");
    } finally {
      at(Date.now());
    }
  });

  it("a paid renewal continues the plan for the next period (Standard after the downgrade)", async () => {
    const owner = await person();
    await subscribe(owner, "advanced", true);
    await ok(paymentChangePlanCall, { plan: "standard" }, owner.token);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, owner.userId));
    const end = sub?.currentPeriodEnd?.getTime() ?? 0;
    clock.advance(end + 60_000 - clock.now().getTime());
    try {
      await billing.renewals();
      const invoice = (await ok(paymentAccountCall, {}, owner.token)).payments.find(
        (p) => p.kind === "renewal",
      );
      await ok(adminPaymentConfirmCall, { payment_id: invoice?.payment_id ?? "" }, root.token);
    } finally {
      clock.advance(Date.now() - clock.now().getTime());
    }
    const after = await info(owner);
    expect(after).toMatchObject({
      active_plane: "standard",
      payment_status: true,
      plane_info: { status: "active" },
    });
    const days = (Date.parse(after.plane_info.expires_at ?? "") - end) / DAY;
    expect(days).toBeGreaterThan(27);
  });

  it("a trial never turns into a charge: it ends without any payment", async () => {
    const owner = await person({ trialDays: 3 });
    expect(await info(owner)).toMatchObject({ trial: true, active_plane: "free" });
    expect((await info(owner)).trial_ends_at).not.toBeNull();
    clock.advance(10 * DAY);
    try {
      await billing.renewals();
    } finally {
      clock.advance(-10 * DAY);
    }
    expect((await db().select().from(payments).where(eq(payments.userId, owner.userId))).length).toBe(0);
  });
});
