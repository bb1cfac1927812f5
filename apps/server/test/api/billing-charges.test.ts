/**
 * Issue 31, items 4, 5 and 7, against local servers speaking Stripe's and Toss's documented APIs
 * (`test/support/stripe-stand-in.ts`, `test/support/toss-stand-in.ts`):
 * - 4: every Stripe charge carries the pinned `Stripe-Version` and our `Idempotency-Key`; a lost
 *   answer is sent again under the same key; an unanswered charge is read back, not charged
 *   again; a card asking for confirmation (SCA) leaves the renewal past due, tells the owner and
 *   is never charged off-session again.
 * - 5: no provider call runs inside a transaction: a slow Toss charge stalls nobody (PGlite's one
 *   connection), the owner can cancel meanwhile (and that charge's money goes back), and a server
 *   killed while a charge is out leaves a state the next run settles without charging twice.
 * - 7: a card checkout left pending expires after 24 hours (its Stripe page closed; money paid
 *   later goes back), unless the provider's record shows it was paid.
 */
import type { AddressInfo } from "node:net";
import {
  paymentCancelCall,
  paymentCheckoutCall,
  paymentReturnCall,
  type TCall,
  type TCallInput,
  userInfoCall,
} from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { payments, subscriptions } from "../../src/db/schema/payments";
import type { TPaymentsModule } from "../../src/modules/payments/routes";
import { STRIPE_API_VERSION, stripeSignature } from "../../src/modules/payments/stripe";
import { readOutbox } from "../../src/platform/mail/index";
import { callAs, signedInOwner, storePendingPayment } from "../support/billing";
import { testDatabaseTargets } from "../support/databases";
import { startBillingServer, testClock } from "../support/factories";
import { createStripeStandIn } from "../support/stripe-stand-in";
import { createTossStandIn } from "../support/toss-stand-in";
import type { TTestServer } from "./harness";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const STRIPE_KEY = "sk_test_local";
const WEBHOOK_SECRET = "whsec_local";
const TOSS_KEY = "test_sk_local";
const HOUR = 3_600_000;
const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("charges on $name", (target) => {
  let server: TTestServer;
  let billing: TPaymentsModule;
  const stripe = createStripeStandIn(STRIPE_KEY);
  const toss = createTossStandIn(TOSS_KEY);
  const clock = testClock();
  let env: Partial<NodeJS.ProcessEnv> = {};

  beforeAll(async () => {
    await new Promise<void>((resolve) => stripe.server.listen(0, "127.0.0.1", resolve));
    await new Promise<void>((resolve) => toss.server.listen(0, "127.0.0.1", resolve));
    env = {
      ...target.env,
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${(stripe.server.address() as AddressInfo).port}`,
      TOSS_SECRET_KEY: TOSS_KEY,
      TOSS_CLIENT_KEY: "test_ck_local",
      TOSS_API_URL: `http://127.0.0.1:${(toss.server.address() as AddressInfo).port}`,
    };
    ({ server, billing } = await startBillingServer(env, clock));
  });
  afterAll(async () => {
    stripe.dropHeld();
    toss.dropHeld();
    await server?.shutdown();
    await new Promise((resolve) => stripe.server.close(resolve));
    await new Promise((resolve) => toss.server.close(resolve));
  });

  const db = () => server.built.platform.database.db;

  const call = <C extends TCall>(c: C, payload: TCallInput<C>, token: string) =>
    callAs(server, c, payload, token);
  const owner = () => signedInOwner(server);

  const setClock = (at: number) => clock.advance(at - clock.now().getTime());
  const resetClock = () => clock.advance(Date.now() - clock.now().getTime());
  async function atClock<T>(at: number, run: () => Promise<T>): Promise<T> {
    setClock(at);
    try {
      return await run();
    } finally {
      resetClock();
    }
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(check()).toBe(true);
  };

  const subOf = async (userId: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const renewalOf = async (userId: string) =>
    (await db().select().from(payments).where(eq(payments.userId, userId))).find((p) => p.kind === "renewal");
  const paymentOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
  /** The moment a subscription's period has just ended. */
  const dueOf = async (userId: string) => ((await subOf(userId))?.currentPeriodEnd?.getTime() ?? 0) + 60_000;

  /** An owner paying Advanced monthly through Stripe (a signed completed session), renewing with `customer`. */
  async function stripeSubscriber(customer: string) {
    const who = await owner();
    const paymentId = await storePendingPayment(server, who.userId, {
      plan: "advanced",
      currency: "USD",
      amount: 9_900,
      provider: "stripe",
    });
    const body = JSON.stringify({
      id: `evt_${paymentId}`,
      type: "checkout.session.completed",
      data: {
        object: {
          id: `cs_${paymentId}`,
          amount_total: 9_900,
          currency: "usd",
          payment_status: "paid",
          customer,
          metadata: { payment_id: paymentId },
        },
      },
    });
    const res = await fetch(`${server.baseUrl}/api/payment/webhook/stripe`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripeSignature(body, WEBHOOK_SECRET, Date.now()),
      },
      body,
    });
    expect(res.status).toBe(200);
    await db().update(subscriptions).set({ autoRenew: true }).where(eq(subscriptions.userId, who.userId));
    expect(await subOf(who.userId)).toMatchObject({ status: "active", providerRef: customer });
    return who;
  }

  /** An owner paying Standard monthly through Toss's card window, with automatic renewal. */
  async function tossSubscriber() {
    const who = await owner();
    const started = await call(
      paymentCheckoutCall,
      { plan: "standard", period: "month", currency: "KRW", provider: "toss", auto_renew: true },
      who.token,
    );
    const back = await call(
      paymentReturnCall,
      { payment_id: started.data.doc.payment_id, auth_key: "auth_good", customer_key: who.userId },
      who.token,
    );
    expect(back.data.doc.status).toBe("paid");
    return { ...who, billingKey: `bk_ok_${who.userId}` };
  }

  const intentPosts = (paymentId: string) =>
    stripe.received.filter(
      (r) =>
        r.method === "POST" &&
        r.path === "/v1/payment_intents" &&
        r.form.get("metadata[payment_id]") === paymentId,
    );
  const intentsOf = (paymentId: string) =>
    [...stripe.intents.values()].filter((i) => i.metadata.payment_id === paymentId);
  const tossCharges = (billingKey: string) =>
    toss.received.filter((r) => r.method === "POST" && r.path === `/v1/billing/${billingKey}`);
  const tossRecordsOf = (paymentId: string) =>
    [...toss.records.values()].filter(
      (r) => r.orderId === paymentId || r.orderId.startsWith(`${paymentId}-`),
    );

  it("pins Stripe-Version and sends a renewal whose answer was lost again under the same Idempotency-Key: charged once", async () => {
    const who = await stripeSubscriber("cus_good");
    stripe.afterCreate.set("cus_good", "lost");
    await atClock(await dueOf(who.userId), () => billing.renewals());
    const renewal = await renewalOf(who.userId);
    const sent = intentPosts(renewal?.id ?? "");
    expect(sent.length).toBe(2);
    for (const r of sent) {
      expect(r.headers["idempotency-key"]).toBe(`charge-${renewal?.id}-0`);
      expect(r.headers["stripe-version"]).toBe(STRIPE_API_VERSION);
    }
    // Every other call is pinned too (the list read before the charge, the checkout's session).
    expect(stripe.received.every((r) => r.headers["stripe-version"] === STRIPE_API_VERSION)).toBe(true);
    expect(intentsOf(renewal?.id ?? "")).toHaveLength(1);
    expect(renewal).toMatchObject({ status: "paid", providerRef: intentsOf(renewal?.id ?? "")[0]?.id });
    expect(await subOf(who.userId)).toMatchObject({ status: "active", renewalAttempts: 0 });
  });

  it("counts a charge Stripe never answered as unknown, and the next try finds it paid instead of charging again", async () => {
    const who = await stripeSubscriber("cus_good");
    stripe.afterCreate.set("cus_good", "gone");
    try {
      await atClock(await dueOf(who.userId), () => billing.renewals());
    } finally {
      stripe.outage.on = false;
    }
    const late = await subOf(who.userId);
    expect(late).toMatchObject({ status: "past_due", renewalAttempts: 1 });
    const renewal = await renewalOf(who.userId);
    expect(renewal?.status).toBe("pending");
    expect(renewal?.note).toMatch(/Stripe did not answer/);
    const posts = intentPosts(renewal?.id ?? "").length;
    await atClock((late?.nextAttemptAt?.getTime() ?? 0) + 60_000, () => billing.renewals());
    expect(intentPosts(renewal?.id ?? "")).toHaveLength(posts);
    expect(intentsOf(renewal?.id ?? "")).toHaveLength(1);
    expect(await paymentOf(renewal?.id ?? "")).toMatchObject({ status: "paid" });
    expect(await subOf(who.userId)).toMatchObject({ status: "active", renewalAttempts: 0 });
  });

  it("a card asking for confirmation (SCA) leaves the renewal past due, tells the owner, and is never charged again off-session", async () => {
    for (const customer of ["cus_sca", "cus_3ds"]) {
      const who = await stripeSubscriber(customer);
      await atClock(await dueOf(who.userId), () => billing.renewals());
      const late = await subOf(who.userId);
      expect(late).toMatchObject({ status: "past_due", renewalAttempts: 1 });
      const renewal = await renewalOf(who.userId);
      const [intent] = intentsOf(renewal?.id ?? "");
      expect(renewal).toMatchObject({ status: "pending", providerRef: intent?.id });
      expect(renewal?.note).toMatch(/confirmation required/);
      const mails = (await readOutbox(server.config.dataDir)).filter((m) => m.to === who.emailId);
      expect(mails.map((m) => m.subject)).toContain("Your bank asks you to confirm your Vitrine renewal");
      // The next try reads the intent back: no second charge.
      await atClock((late?.nextAttemptAt?.getTime() ?? 0) + 60_000, () => billing.renewals());
      expect(intentPosts(renewal?.id ?? "")).toHaveLength(1);
      expect(await subOf(who.userId)).toMatchObject({ status: "past_due", renewalAttempts: 2 });
      // The owner pays on-session instead: the renewal is cancelled and its intent closed at Stripe.
      const checkout = await call(
        paymentCheckoutCall,
        { plan: "advanced", period: "month", currency: "USD", provider: "stripe", auto_renew: true },
        who.token,
      );
      expect(checkout.status).toBe(true);
      expect(await paymentOf(renewal?.id ?? "")).toMatchObject({ status: "cancelled" });
      expect(stripe.intents.get(intent?.id ?? "")?.status).toBe("canceled");
    }
  });

  it("a slow Toss charge stalls no other request, and the owner may cancel meanwhile: that charge's money goes back", async () => {
    const who = await tossSubscriber();
    const other = await owner();
    const charges = tossCharges(who.billingKey).length;
    toss.slow.set(who.billingKey, 4_000);
    setClock(await dueOf(who.userId));
    let running: Promise<unknown> = Promise.resolve();
    try {
      running = billing.renewals();
      await until(() => tossCharges(who.billingKey).length > charges);
      const started = Date.now();
      const seen = await call(userInfoCall, {}, other.token);
      const infoMs = Date.now() - started;
      const cancelled = await call(paymentCancelCall, {}, who.token);
      const cancelMs = Date.now() - started;
      expect(seen.status).toBe(true);
      expect(cancelled.status).toBe(true);
      expect({ infoMs: infoMs < 1_500, cancelMs: cancelMs < 2_000 }).toEqual({
        infoMs: true,
        cancelMs: true,
      });
      await running;
    } finally {
      toss.slow.delete(who.billingKey);
      await running;
      resetClock();
    }
    const renewal = await renewalOf(who.userId);
    expect(renewal?.status).toBe("cancelled");
    expect(renewal?.note).toMatch(/refunded/);
    const [record] = tossRecordsOf(renewal?.id ?? "");
    expect(record?.status).toBe("CANCELED");
    const refund = toss.received.find((r) => r.path === `/v1/payments/${record?.paymentKey}/cancel`);
    expect(refund).toBeDefined();
    expect((await subOf(who.userId))?.status).not.toBe("active");
  });

  it("a Stripe checkout left pending expires after 24 hours: cancelled, its page closed, money paid later given back", async () => {
    const who = await owner();
    const started = await call(
      paymentCheckoutCall,
      { plan: "standard", period: "month", currency: "USD", provider: "stripe", auto_renew: false },
      who.token,
    );
    const paymentId = started.data.doc.payment_id;
    const session = (await paymentOf(paymentId))?.providerRef ?? "";
    expect(session).toMatch(/^cs_/);
    // A checkout whose session call was cut by a crash: pending, with nothing at Stripe stored.
    const cut = await storePendingPayment(server, who.userId, {
      plan: "standard",
      currency: "USD",
      amount: 4_900,
      provider: "stripe",
      createdAt: clock.now(),
    });
    await atClock(Date.now() + 23 * HOUR, () => billing.renewals());
    expect((await paymentOf(paymentId))?.status).toBe("pending");
    const run = await atClock(Date.now() + 25 * HOUR, () => billing.renewals());
    expect(run.expired).toBeGreaterThanOrEqual(2);
    for (const id of [paymentId, cut]) {
      const row = await paymentOf(id);
      expect(row?.status).toBe("cancelled");
      expect(row?.note).toMatch(/expired/);
    }
    expect(stripe.received.filter((r) => r.path === `/v1/checkout/sessions/${session}/expire`)).toHaveLength(
      1,
    );
    // The payer finished the old page anyway: the existing late path gives the money back.
    const body = JSON.stringify({
      id: `evt_late_${paymentId}`,
      type: "checkout.session.completed",
      data: {
        object: {
          id: session,
          payment_intent: "pi_after_expiry",
          amount_total: started.data.doc.amount,
          currency: "usd",
          payment_status: "paid",
          metadata: { payment_id: paymentId },
        },
      },
    });
    const late = await fetch(`${server.baseUrl}/api/payment/webhook/stripe`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripeSignature(body, WEBHOOK_SECRET, Date.now()),
      },
      body,
    });
    expect(late.status).toBe(200);
    expect(stripe.refunds.get(`late-${paymentId}`)).toMatchObject({ paymentIntent: "pi_after_expiry" });
    expect((await call(userInfoCall, {}, who.token)).data.docs[0]).toMatchObject({ payment_status: false });
  });

  it("a Toss return cut after its charge is paid by the expiry's read-back, and one never charged expires", async () => {
    const paid = await owner();
    const never = await owner();
    const ids: string[] = [];
    for (const who of [paid, never]) {
      const started = await call(
        paymentCheckoutCall,
        { plan: "standard", period: "month", currency: "KRW", provider: "toss", auto_renew: true },
        who.token,
      );
      ids.push(started.data.doc.payment_id);
      // The return claimed it, and the server died there.
      await db()
        .update(payments)
        .set({ providerRef: "toss:returning" })
        .where(eq(payments.id, started.data.doc.payment_id));
    }
    const [paidId = "", neverId = ""] = ids;
    const amount = (await paymentOf(paidId))?.amount ?? 0;
    toss.records.set(`pk_cut_${paidId}`, {
      paymentKey: `pk_cut_${paidId}`,
      orderId: paidId,
      status: "DONE",
      totalAmount: amount,
    });
    const run = await atClock(Date.now() + 25 * HOUR, () => billing.renewals());
    expect(run).toMatchObject({ recovered: 1 });
    expect(await paymentOf(paidId)).toMatchObject({ status: "paid", providerRef: `pk_cut_${paidId}` });
    expect((await call(userInfoCall, {}, paid.token)).data.docs[0]).toMatchObject({ payment_status: true });
    expect(await paymentOf(neverId)).toMatchObject({ status: "cancelled" });
  });

  /** Kills the server while a renewal charge is out, starts another on the same database, and lets it settle. */
  async function killDuringCharge(
    who: { userId: string },
    isOut: () => boolean,
    afterTakeover: () => Promise<void> = async () => {},
  ) {
    const due = await dueOf(who.userId);
    setClock(due);
    const first = billing.renewals().catch(() => null);
    try {
      await until(isOut);
      await server.shutdown();
      ({ server, billing } = await startBillingServer(env, clock));
      // Within the lease the charge may still be out: nothing is charged again.
      setClock(due + 60_000);
      await billing.renewals();
      expect((await renewalOf(who.userId))?.status).toBe("pending");
      expect((await renewalOf(who.userId))?.chargingSince).not.toBeNull();
      // After it, the charge is taken over under the same key.
      setClock(due + 11 * 60_000);
      await billing.renewals();
      // Before the killed server's held connection drops (a killed process sends nothing more).
      await afterTakeover();
    } finally {
      stripe.dropHeld();
      toss.dropHeld();
      await first;
      resetClock();
    }
  }

  it("a server killed while a Toss renewal charge is out: the next run settles it under the same key, charged once", async () => {
    const who = await tossSubscriber();
    const before = tossCharges(who.billingKey).length;
    toss.afterCharge.set(who.billingKey, "held");
    await killDuringCharge(who, () => tossCharges(who.billingKey).length > before);
    const renewal = await renewalOf(who.userId);
    const sent = tossCharges(who.billingKey).slice(before);
    expect(new Set(sent.map((r) => r.body.orderId))).toEqual(new Set([renewal?.id]));
    expect(tossRecordsOf(renewal?.id ?? "")).toHaveLength(1);
    expect(renewal).toMatchObject({ status: "paid", chargingSince: null });
    expect(await subOf(who.userId)).toMatchObject({ status: "active", renewalAttempts: 0 });
  });

  it("a server killed while a Stripe renewal charge is out: the next run finds the intent and charges nothing more", async () => {
    const who = await stripeSubscriber("cus_good");
    stripe.afterCreate.set("cus_good", "held");
    const posts = () =>
      stripe.received.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
    const before = posts().length;
    let sentByBoth = -1;
    await killDuringCharge(
      who,
      () => posts().length > before,
      async () => {
        sentByBoth = posts().length - before;
      },
    );
    const renewal = await renewalOf(who.userId);
    expect(sentByBoth).toBe(1);
    expect(intentsOf(renewal?.id ?? "")).toHaveLength(1);
    expect(renewal).toMatchObject({ status: "paid", providerRef: intentsOf(renewal?.id ?? "")[0]?.id });
    expect(await subOf(who.userId)).toMatchObject({ status: "active", renewalAttempts: 0 });
  });
});
