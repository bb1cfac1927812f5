/**
 * The Toss Payments adapter against a local HTTP server speaking Toss's documented endpoints
 * (Basic auth `<secret key>:`, JSON): checkout → the card window's authKey → billing key
 * (`POST /v1/billing/authorizations/issue`) → charge (`POST /v1/billing/{billingKey}`) → the plan
 * is active; a renewal charges the stored billing key; a refused charge leaves the plan past due
 * with the retry scheduled; a payment-status webhook is read back (`GET /v1/payments/{key}`),
 * applied once however often it is replayed, and refused when Toss's record disagrees.
 */
import type { AddressInfo } from "node:net";
import {
  loginCall,
  newId,
  paymentCheckoutCall,
  paymentReturnCall,
  planCatalogueCall,
  RENEWAL_RETRY_DAYS,
  type TCall,
  type TCallInput,
  type TCallOutput,
  type TResponseEnvelope,
  userInfoCall,
} from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { payments, paymentWebhookInbox, subscriptions } from "../../src/db/schema/payments";
import type { TPaymentsModule } from "../../src/modules/payments/routes";
import { readOutbox } from "../../src/platform/mail/index";
import { testDatabaseTargets } from "../support/databases";
import { createUser, startBillingServer, testClock, uniqueIp } from "../support/factories";
import { createTossStandIn, type TTossRecord } from "../support/toss-stand-in";
import type { TTestServer } from "./harness";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 180_000 });

const SECRET_KEY = "test_sk_local";
const CLIENT_KEY = "test_ck_local";
const DAY = 86_400_000;
const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("toss on $name", (target) => {
  let server: TTestServer;
  let billing: TPaymentsModule;
  const stand = createTossStandIn(SECRET_KEY);
  const toss = stand.server;
  const { received, records, declined, afterCharge, outage } = stand;
  const clock = testClock();

  beforeAll(async () => {
    await new Promise<void>((resolve) => toss.listen(0, "127.0.0.1", resolve));
    const port = (toss.address() as AddressInfo).port;
    ({ server, billing } = await startBillingServer(
      {
        ...target.env,
        TOSS_SECRET_KEY: SECRET_KEY,
        TOSS_CLIENT_KEY: CLIENT_KEY,
        TOSS_API_URL: `http://127.0.0.1:${port}`,
      },
      clock,
    ));
  });
  afterAll(async () => {
    await server?.shutdown();
    await new Promise((resolve) => toss?.close(resolve));
  });

  const db = () => server.built.platform.database.db;

  async function call<C extends TCall>(c: C, payload: TCallInput<C>, token: string) {
    const res = await server.post(c.path, await server.envelope.wrap(payload), {
      authorization: `Bearer ${token}`,
      "x-forwarded-for": uniqueIp(),
    });
    return res.json as TResponseEnvelope<TCallOutput<C>>;
  }

  async function owner() {
    const user = await createUser(db());
    const res = await server.post(
      loginCall.path,
      await server.envelope.wrap({ email_id: user.emailId, password: user.password }),
      { "x-forwarded-for": uniqueIp() },
    );
    return { ...user, token: (res.json as TResponseEnvelope<{ atk: string }>).data.atk };
  }

  async function info(token: string) {
    return (await call(userInfoCall, {}, token)).data.docs[0];
  }

  /** Checkout with Toss, then the return from the card window with `authKey`. */
  async function subscribe(who: { token: string; userId: string }, authKey: string) {
    const started = await call(
      paymentCheckoutCall,
      { plan: "standard", period: "month", currency: "KRW", provider: "toss", auto_renew: true },
      who.token,
    );
    expect(started.status).toBe(true);
    const step = started.data.step;
    if (step?.kind !== "toss_billing") throw new Error("no toss step");
    const back = await call(
      paymentReturnCall,
      { payment_id: started.data.doc.payment_id, auth_key: authKey, customer_key: step.customer_key },
      who.token,
    );
    return { started: started.data, step, back };
  }

  async function atClock<T>(at: number, run: () => Promise<T>): Promise<T> {
    clock.advance(at - clock.now().getTime());
    try {
      return await run();
    } finally {
      clock.advance(Date.now() - clock.now().getTime());
    }
  }

  function webhook(data: Partial<TTossRecord>) {
    return fetch(`${server.baseUrl}/api/payment/webhook/toss`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        eventType: "PAYMENT_STATUS_CHANGED",
        createdAt: "2026-11-24T10:00:00.000000",
        data,
      }),
    });
  }

  it("checkout opens Toss's card window; the billing key is issued and charged, and the plan is active", async () => {
    const who = await owner();
    const { started, step, back } = await subscribe(who, "auth_good");
    expect(started.doc).toMatchObject({ provider: "toss", status: "pending", transfer: null });
    expect(step).toMatchObject({ client_key: CLIENT_KEY, customer_key: who.userId });
    expect(step.success_url).toMatch(new RegExp(`/payment/${started.doc.payment_id}$`));
    expect(back.status).toBe(true);
    expect(back.data.doc).toMatchObject({ status: "paid", amount: started.doc.amount });
    expect(await info(who.token)).toMatchObject({ active_plane: "standard", payment_status: true });

    const issue = received.filter((r) => r.path === "/v1/billing/authorizations/issue").at(-1);
    expect(issue?.body).toEqual({ authKey: "auth_good", customerKey: who.userId });
    const charge = received.filter((r) => r.path === `/v1/billing/bk_ok_${who.userId}`).at(-1);
    expect(charge?.body).toMatchObject({
      customerKey: who.userId,
      amount: started.doc.amount,
      orderId: started.doc.payment_id,
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    expect(sub).toMatchObject({ provider: "toss", status: "active", providerRef: `bk_ok_${who.userId}` });
    const receipts = (await readOutbox(server.config.dataDir)).filter(
      (m) => m.to === who.emailId && m.subject === "Your Vitrine receipt",
    );
    expect(receipts).toHaveLength(1);

    // Coming back twice (a reload of the return page) charges nothing more.
    const charges = received.filter((r) => r.path.startsWith("/v1/billing/bk_")).length;
    const again = await call(
      paymentReturnCall,
      { payment_id: started.doc.payment_id, auth_key: "auth_good", customer_key: who.userId },
      who.token,
    );
    expect(again.data.doc.status).toBe("paid");
    expect(received.filter((r) => r.path.startsWith("/v1/billing/bk_")).length).toBe(charges);
  });

  it("is offered at checkout, and the pages may load Toss's SDK and open its card window", async () => {
    const catalogue = await server.post(planCatalogueCall.path, await server.envelope.wrap({}), {
      "x-forwarded-for": uniqueIp(),
    });
    expect((catalogue.json as TResponseEnvelope<{ providers: string[] }>).data.providers).toEqual([
      "manual",
      "toss",
    ]);
    const page = await fetch(`${server.baseUrl}/checkout`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.tosspayments\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.tosspayments\.com/);
  });

  it("refuses a return whose customer key is not the payer's, and a USD checkout", async () => {
    const who = await owner();
    const other = await owner();
    const started = await call(
      paymentCheckoutCall,
      { plan: "standard", period: "month", currency: "KRW", provider: "toss", auto_renew: false },
      who.token,
    );
    const back = await call(
      paymentReturnCall,
      { payment_id: started.data.doc.payment_id, auth_key: "auth_good", customer_key: other.userId },
      who.token,
    );
    expect(back).toMatchObject({ status: false, rescode: 3460 });
    expect(await info(who.token)).toMatchObject({ payment_status: false });
    const usd = await call(
      paymentCheckoutCall,
      { plan: "standard", period: "month", currency: "USD", provider: "toss", auto_renew: false },
      who.token,
    );
    expect(usd).toMatchObject({ status: false, rescode: 3455 });
  });

  it("a refused first charge marks the payment failed and gives no plan", async () => {
    const who = await owner();
    const { back } = await subscribe(who, "auth_declined");
    expect(back.data.doc.status).toBe("failed");
    expect(back.data.doc.note).toContain("REJECT_CARD_PAYMENT");
    expect(await info(who.token)).toMatchObject({ active_plane: "free", payment_status: false });
  });

  it("renews with the stored billing key; a refused renewal is past due with the retry scheduled", async () => {
    const who = await owner();
    const { started } = await subscribe(who, "auth_good");
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    const end = sub?.currentPeriodEnd?.getTime() ?? 0;
    await atClock(end + 60_000, () => billing.renewals());
    const renewal = received.filter((r) => r.path === `/v1/billing/bk_ok_${who.userId}`).at(-1);
    expect(renewal?.body.orderId).not.toBe(started.doc.payment_id);
    expect(renewal?.body).toMatchObject({ customerKey: who.userId, amount: started.doc.amount });
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    expect(renewed?.status).toBe("active");
    expect(renewed?.currentPeriodEnd?.getTime()).toBeGreaterThan(end + 27 * DAY);
    expect(await info(who.token)).toMatchObject({ active_plane: "standard", payment_status: true });

    // The card stops working: the next renewal fails and is retried after the back-off.
    declined.add(`bk_ok_${who.userId}`);
    const nextEnd = renewed?.currentPeriodEnd?.getTime() ?? 0;
    await atClock(nextEnd + 60_000, () => billing.renewals());
    const [late] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    expect(late).toMatchObject({ status: "past_due", renewalAttempts: 1 });
    expect(late?.nextAttemptAt?.getTime()).toBe(nextEnd + (RENEWAL_RETRY_DAYS[0] ?? 1) * DAY);
    expect(await info(who.token)).toMatchObject({ payment_status: false });
    // The retry charges again with its own order id; the card works again, the plan is back.
    declined.delete(`bk_ok_${who.userId}`);
    await atClock((late?.nextAttemptAt?.getTime() ?? 0) + 60_000, () => billing.renewals());
    const retry = received.filter((r) => r.path === `/v1/billing/bk_ok_${who.userId}`).at(-1);
    expect(String(retry?.body.orderId)).toMatch(/-1$/);
    const [back] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    expect(back?.status).toBe("active");
    expect(await info(who.token)).toMatchObject({ active_plane: "standard", payment_status: true });
  });

  /** A pending Toss payment of 99,000 KRW for a month of Advanced (what checkout would store). */
  async function pendingTossPayment(userId: string): Promise<string> {
    const paymentId = newId("payment");
    await db()
      .insert(payments)
      .values({
        id: paymentId,
        userId,
        kind: "new",
        plan: "advanced",
        period: "month",
        currency: "KRW",
        amount: 99_000,
        provider: "toss",
        status: "pending",
        reference: `VT-${paymentId.slice(-10).toUpperCase()}`,
      });
    return paymentId;
  }

  it("applies a payment-status webhook once, however often it is replayed", async () => {
    const who = await owner();
    const paymentId = await pendingTossPayment(who.userId);
    const record = {
      paymentKey: `pk_hook_${paymentId}`,
      orderId: paymentId,
      status: "DONE",
      totalAmount: 99_000,
    };
    records.set(record.paymentKey, record);
    for (let i = 0; i < 3; i++) expect((await webhook(record)).status).toBe(200);
    expect(await info(who.token)).toMatchObject({ active_plane: "advanced", payment_status: true });
    const stored = await db()
      .select()
      .from(paymentWebhookInbox)
      .where(eq(paymentWebhookInbox.eventId, `${record.paymentKey}:DONE`));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.appliedAt).not.toBeNull();
    const [paid] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(paid).toMatchObject({ status: "paid", providerRef: record.paymentKey });
    const receipts = (await readOutbox(server.config.dataDir)).filter(
      (m) => m.to === who.emailId && m.subject === "Your Vitrine receipt",
    );
    expect(receipts).toHaveLength(1);
  });

  it("does not apply a webhook that Toss's own record does not confirm", async () => {
    const who = await owner();
    const paymentId = await pendingTossPayment(who.userId);
    // Toss says the payment was aborted; the event claims it is done.
    records.set(`pk_lie_${paymentId}`, {
      paymentKey: `pk_lie_${paymentId}`,
      orderId: paymentId,
      status: "ABORTED",
      totalAmount: 99_000,
    });
    const lie = await webhook({ paymentKey: `pk_lie_${paymentId}`, orderId: paymentId, status: "DONE" });
    expect(lie.status).toBe(400);
    expect(((await lie.json()) as { rescode: number }).rescode).toBe(3459);
    // A payment key Toss does not know at all.
    const unknown = await webhook({ paymentKey: `pk_none_${paymentId}`, orderId: paymentId, status: "DONE" });
    expect(unknown.status).toBe(400);
    const [still] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(still?.status).toBe("pending");
    expect(await info(who.token)).toMatchObject({ active_plane: "free", payment_status: false });
    expect(
      await db()
        .select()
        .from(paymentWebhookInbox)
        .where(eq(paymentWebhookInbox.eventId, `pk_lie_${paymentId}:DONE`)),
    ).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(paymentWebhookInbox)
        .where(eq(paymentWebhookInbox.eventId, `pk_lie_${paymentId}:ABORTED`)),
    ).toHaveLength(0);
  });

  /** The POSTs that charged a billing key, and Toss's records of one payment's orders. */
  const chargesTo = (billingKey: string) =>
    received.filter((r) => r.method === "POST" && r.path === `/v1/billing/${billingKey}`);
  const recordsOf = (paymentId: string) =>
    [...records.values()].filter((r) => r.orderId === paymentId || r.orderId.startsWith(`${paymentId}-`));

  it("asks again under the same key when a charge's answer is lost, and charges once", async () => {
    const who = await owner();
    afterCharge.set(`bk_ok_${who.userId}`, "lost");
    const { started, back } = await subscribe(who, "auth_good");
    expect(back.data.doc.status).toBe("paid");
    expect(await info(who.token)).toMatchObject({ active_plane: "standard", payment_status: true });
    // Sent twice with one Idempotency-Key; one payment at Toss.
    const sent = chargesTo(`bk_ok_${who.userId}`);
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.body.orderId)).toEqual([started.doc.payment_id, started.doc.payment_id]);
    expect(recordsOf(started.doc.payment_id)).toHaveLength(1);
  });

  it("keeps a first payment waiting while Toss does not answer, and the payer's next return settles it", async () => {
    const who = await owner();
    afterCharge.set(`bk_ok_${who.userId}`, "gone");
    const { started, back } = await subscribe(who, "auth_good");
    try {
      // Charged at Toss, but nobody could tell: not failed, not paid.
      expect(back.data.doc.status).toBe("pending");
      expect(await info(who.token)).toMatchObject({ payment_status: false });
    } finally {
      outage.on = false;
    }
    // Toss answers again; the payer comes back (a reload of the return page).
    const again = await call(
      paymentReturnCall,
      { payment_id: started.doc.payment_id, auth_key: "auth_good", customer_key: who.userId },
      who.token,
    );
    expect(again.data.doc.status).toBe("paid");
    expect(recordsOf(started.doc.payment_id)).toHaveLength(1);
    expect(await info(who.token)).toMatchObject({ active_plane: "standard", payment_status: true });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    expect(sub?.providerRef).toBe(`bk_ok_${who.userId}`);
  });

  it("reads a renewal's unanswered try back before the retry, instead of charging twice", async () => {
    const who = await owner();
    await subscribe(who, "auth_good");
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    const end = sub?.currentPeriodEnd?.getTime() ?? 0;
    afterCharge.set(`bk_ok_${who.userId}`, "gone");
    try {
      await atClock(end + 60_000, () => billing.renewals());
    } finally {
      outage.on = false;
    }
    const [late] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    expect(late).toMatchObject({ status: "past_due", renewalAttempts: 1 });
    const [renewal] = await db()
      .select()
      .from(payments)
      .where(eq(payments.userId, who.userId))
      .then((rows) => rows.filter((r) => r.kind === "renewal"));
    expect(renewal?.status).toBe("pending");
    expect(renewal?.note).toMatch(/Toss did not answer/);
    const charges = chargesTo(`bk_ok_${who.userId}`).length;
    // The retry finds the first try done at Toss: paid with it, nothing charged again.
    await atClock((late?.nextAttemptAt?.getTime() ?? 0) + 60_000, () => billing.renewals());
    expect(chargesTo(`bk_ok_${who.userId}`)).toHaveLength(charges);
    expect(recordsOf(renewal?.id ?? "")).toHaveLength(1);
    const [paid] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, renewal?.id ?? ""));
    expect(paid).toMatchObject({ status: "paid", providerRef: recordsOf(renewal?.id ?? "")[0]?.paymentKey });
    const [back] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    expect(back?.status).toBe("active");
    expect(await info(who.token)).toMatchObject({ active_plane: "standard", payment_status: true });
  });

  it("a payment cancelled at Toss is refunded here and its plan ends, once however often the event comes", async () => {
    const who = await owner();
    const { started } = await subscribe(who, "auth_good");
    const [record] = recordsOf(started.doc.payment_id);
    if (!record) throw new Error("no toss record");
    record.status = "CANCELED";
    for (let i = 0; i < 2; i++) {
      const res = await webhook({
        paymentKey: record.paymentKey,
        orderId: record.orderId,
        status: "CANCELED",
      });
      expect(res.status).toBe(200);
    }
    const [refunded] = await db().select().from(payments).where(eq(payments.id, started.doc.payment_id));
    expect(refunded).toMatchObject({ status: "refunded" });
    expect(refunded?.note).toContain(record.paymentKey);
    expect(await info(who.token)).toMatchObject({ active_plane: "free", payment_status: false });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    expect(sub).toMatchObject({ status: "expired", autoRenew: false });
    expect(
      await db()
        .select()
        .from(paymentWebhookInbox)
        .where(eq(paymentWebhookInbox.eventId, `${record.paymentKey}:CANCELED`)),
    ).toHaveLength(1);
  });

  it("a cancelled Toss payment that did not pay ours changes nothing", async () => {
    const who = await owner();
    const { started } = await subscribe(who, "auth_good");
    // Another Toss payment under our order id (not the one that paid it), cancelled.
    const stray = {
      paymentKey: `pk_stray_${started.doc.payment_id}`,
      orderId: started.doc.payment_id,
      status: "CANCELED",
      totalAmount: started.doc.amount,
    };
    records.set(stray.paymentKey, stray);
    expect((await webhook(stray)).status).toBe(200);
    const [still] = await db().select().from(payments).where(eq(payments.id, started.doc.payment_id));
    expect(still?.status).toBe("paid");
    expect(await info(who.token)).toMatchObject({ active_plane: "standard", payment_status: true });
  });
});
