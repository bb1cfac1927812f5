/**
 * The Stripe adapter (the official SDK) against a local HTTP server speaking Stripe's documented
 * endpoints (`test/support/stripe-stand-in.ts`: Bearer secret key, form-encoded) and webhooks signed as Stripe
 * signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`): checkout is offered and
 * answers the Checkout Session's page; the return reads the session back; a bad signature is
 * refused and stores nothing; a paid checkout applies once however often it is replayed; a
 * renewal is charged off-session with the saved customer.
 */
import type { AddressInfo } from "node:net";
import {
  loginCall,
  newId,
  paymentCheckoutCall,
  paymentReturnCall,
  planCatalogueCall,
  type TResponseEnvelope,
  userInfoCall,
} from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { payments, paymentWebhookInbox, subscriptions } from "../../src/db/schema/payments";
import type { TPaymentsModule } from "../../src/modules/payments/routes";
import { stripeSignature } from "../../src/modules/payments/stripe";
import { readOutbox } from "../../src/platform/mail/index";
import { testDatabaseTargets } from "../support/databases";
import { createUser, startBillingServer, testClock, uniqueIp } from "../support/factories";
import { createStripeStandIn } from "../support/stripe-stand-in";
import type { TTestServer } from "./harness";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 180_000 });

const SECRET_KEY = "sk_test_local";
const WEBHOOK_SECRET = "whsec_local";
const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("stripe on $name", (target) => {
  let server: TTestServer;
  let billing: TPaymentsModule;
  const stand = createStripeStandIn(SECRET_KEY);
  const stripe = stand.server;
  const { received, paidSessions, refunds, refundsState } = stand;
  const clock = testClock();

  beforeAll(async () => {
    await new Promise<void>((resolve) => stripe.listen(0, "127.0.0.1", resolve));
    const port = (stripe.address() as AddressInfo).port;
    ({ server, billing } = await startBillingServer(
      {
        ...target.env,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
      },
      clock,
    ));
  });
  afterAll(async () => {
    await server?.shutdown();
    await new Promise((resolve) => stripe?.close(resolve));
  });

  const db = () => server.built.platform.database.db;

  async function owner() {
    const user = await createUser(db());
    const res = await server.post(
      loginCall.path,
      await server.envelope.wrap({ email_id: user.emailId, password: user.password }),
      { "x-forwarded-for": uniqueIp() },
    );
    const body = res.json as TResponseEnvelope<{ atk: string }>;
    return { ...user, token: body.data.atk };
  }

  async function info(token: string) {
    const res = await server.post(userInfoCall.path, await server.envelope.wrap({}), {
      authorization: `Bearer ${token}`,
      "x-forwarded-for": uniqueIp(),
    });
    return (res.json as TResponseEnvelope<{ docs: { active_plane: string; payment_status: boolean }[] }>).data
      .docs[0];
  }

  /** What a Checkout Session that paid pendingStripePayment's payment in full says of it. */
  const PAID_IN_FULL = { amount_total: 9_900, currency: "usd", payment_status: "paid" };

  async function pendingStripePayment(userId: string): Promise<string> {
    const id = newId("payment");
    await db()
      .insert(payments)
      .values({
        id,
        userId,
        kind: "new",
        plan: "advanced",
        period: "month",
        currency: "USD",
        amount: 9_900,
        provider: "stripe",
        status: "pending",
        reference: `VT-${id.slice(-10).toUpperCase()}`,
      });
    return id;
  }

  /** A month of Standard in USD through Stripe, as the checkout page asks for it. */
  async function stripeCheckout(token: string, autoRenew: boolean) {
    return server.post(
      paymentCheckoutCall.path,
      await server.envelope.wrap({
        plan: "standard",
        period: "month",
        currency: "USD",
        provider: "stripe",
        auto_renew: autoRenew,
      }),
      { authorization: `Bearer ${token}`, "x-forwarded-for": uniqueIp() },
    );
  }

  function webhook(body: string, signature: string) {
    return fetch(`${server.baseUrl}/api/payment/webhook/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
  }

  it("is offered at checkout: the owner is sent to the session's page, and the return reads it back", async () => {
    const catalogue = await server.post(planCatalogueCall.path, await server.envelope.wrap({}), {
      "x-forwarded-for": uniqueIp(),
    });
    expect((catalogue.json as TResponseEnvelope<{ providers: string[] }>).data.providers).toEqual([
      "manual",
      "stripe",
    ]);
    const who = await owner();
    const res = await stripeCheckout(who.token, true);
    const body = res.json as TResponseEnvelope<{
      doc: { payment_id: string; status: string };
      step: { kind: string; url: string } | null;
    }>;
    expect(body.status).toBe(true);
    expect(body.data.doc.status).toBe("pending");
    expect(body.data.step?.kind).toBe("redirect");
    const sessionId = body.data.step?.url.split("/").at(-1) ?? "";
    const created = received.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    expect(created?.form.get("success_url")).toMatch(new RegExp(`/payment/${body.data.doc.payment_id}$`));
    expect(created?.form.get("payment_intent_data[setup_future_usage]")).toBe("off_session");

    const back = async () => {
      const answer = await server.post(
        paymentReturnCall.path,
        await server.envelope.wrap({ payment_id: body.data.doc.payment_id }),
        { authorization: `Bearer ${who.token}`, "x-forwarded-for": uniqueIp() },
      );
      return (answer.json as TResponseEnvelope<{ doc: { status: string } }>).data.doc.status;
    };
    // Back without paying (the session's cancel link): still waiting, no plan.
    expect(await back()).toBe("pending");
    expect(await info(who.token)).toMatchObject({ payment_status: false });
    paidSessions.add(sessionId);
    expect(await back()).toBe("paid");
    expect(await info(who.token)).toMatchObject({ active_plane: "standard", payment_status: true });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
    expect(sub?.providerRef).toBe("cus_good");
  });

  it("refuses a webhook whose signature does not match its raw body and stores nothing", async () => {
    const body = JSON.stringify({ id: "evt_bad", type: "checkout.session.completed", data: { object: {} } });
    const forged = stripeSignature(body, "whsec_other", Date.now());
    const res = await webhook(body, forged);
    expect(res.status).toBe(400);
    const tampered = await webhook(`${body} `, stripeSignature(body, WEBHOOK_SECRET, Date.now()));
    expect(tampered.status).toBe(400);
    const stale = await webhook(body, stripeSignature(body, WEBHOOK_SECRET, Date.now() - 3_600_000));
    expect(stale.status).toBe(400);
    expect(
      await db().select().from(paymentWebhookInbox).where(eq(paymentWebhookInbox.eventId, "evt_bad")),
    ).toHaveLength(0);
  });

  it("applies a paid checkout once, however often the event is replayed", async () => {
    const who = await owner();
    const paymentId = await pendingStripePayment(who.userId);
    const body = JSON.stringify({
      id: `evt_${paymentId}`,
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_1", ...PAID_IN_FULL, metadata: { payment_id: paymentId } } },
    });
    for (let i = 0; i < 3; i++) {
      const res = await webhook(body, stripeSignature(body, WEBHOOK_SECRET, Date.now()));
      expect(res.status).toBe(200);
    }
    expect(await info(who.token)).toMatchObject({ active_plane: "advanced", payment_status: true });
    const stored = await db()
      .select()
      .from(paymentWebhookInbox)
      .where(eq(paymentWebhookInbox.eventId, `evt_${paymentId}`));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.appliedAt).not.toBeNull();
    const [paid] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(paid).toMatchObject({ status: "paid", providerRef: "cs_test_1" });
    const receipts = (await readOutbox(server.config.dataDir)).filter(
      (m) => m.to === who.emailId && m.subject === "Your Vitrine receipt",
    );
    expect(receipts).toHaveLength(1);
  });

  it("pays only a Stripe payment the session paid in full: another provider's, a smaller amount or another currency stays pending", async () => {
    const who = await owner();
    const transfer = newId("payment");
    await db()
      .insert(payments)
      .values({
        id: transfer,
        userId: who.userId,
        kind: "new",
        plan: "advanced",
        period: "year",
        currency: "KRW",
        amount: 990_000,
        provider: "manual",
        status: "pending",
        reference: `VT-${transfer.slice(-10).toUpperCase()}`,
      });
    const stripePayment = await pendingStripePayment(who.userId);
    const tries: [string, string, Record<string, unknown>][] = [
      ["transfer", transfer, { amount_total: 1, currency: "krw", payment_status: "paid" }],
      ["transfer-full", transfer, { amount_total: 990_000, currency: "krw", payment_status: "paid" }],
      ["less", stripePayment, { ...PAID_IN_FULL, amount_total: 1 }],
      ["currency", stripePayment, { ...PAID_IN_FULL, currency: "krw" }],
      ["unpaid", stripePayment, { ...PAID_IN_FULL, payment_status: "unpaid" }],
    ];
    for (const [name, paymentId, paid] of tries) {
      const body = JSON.stringify({
        id: `evt_${name}_${paymentId}`,
        type: "checkout.session.completed",
        data: { object: { id: `cs_${name}`, ...paid, metadata: { payment_id: paymentId } } },
      });
      expect((await webhook(body, stripeSignature(body, WEBHOOK_SECRET, Date.now()))).status).toBe(200);
    }
    const rows = await db().select().from(payments).where(eq(payments.userId, who.userId));
    expect(rows.map((row) => row.status)).toEqual(["pending", "pending"]);
    expect((await info(who.token))?.payment_status).toBe(false);
  });

  it("charges a renewal off-session with the saved customer; a refused card leaves it past due for the retries", async () => {
    for (const [customer, expected] of [
      ["cus_good", "active"],
      ["cus_declined", "past_due"],
    ] as const) {
      const who = await owner();
      const paymentId = await pendingStripePayment(who.userId);
      const body = JSON.stringify({
        id: `evt_${paymentId}`,
        type: "checkout.session.completed",
        data: { object: { id: "cs_x", ...PAID_IN_FULL, metadata: { payment_id: paymentId } } },
      });
      await webhook(body, stripeSignature(body, WEBHOOK_SECRET, Date.now()));
      await db()
        .update(subscriptions)
        .set({ autoRenew: true, providerRef: customer })
        .where(eq(subscriptions.userId, who.userId));
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
      const end = sub?.currentPeriodEnd?.getTime() ?? 0;
      clock.advance(end + 60_000 - clock.now().getTime());
      try {
        await billing.renewals();
      } finally {
        clock.advance(Date.now() - clock.now().getTime());
      }
      const call = received.filter((r) => r.path === "/v1/payment_intents").at(-1);
      expect(call?.auth).toBe(`Bearer ${SECRET_KEY}`);
      expect(call?.form.get("customer")).toBe(customer);
      expect(call?.form.get("off_session")).toBe("true");
      expect(call?.form.get("amount")).toBe("9900");
      const [after] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.userId));
      expect(after?.status).toBe(expected);
    }
  });

  /** A signed `checkout.session.completed` for `paymentId`, paid with `intent`. */
  function completed(eventId: string, paymentId: string, intent: string) {
    const body = JSON.stringify({
      id: eventId,
      type: "checkout.session.completed",
      data: {
        object: {
          id: `cs_${eventId}`,
          payment_intent: intent,
          ...PAID_IN_FULL,
          metadata: { payment_id: paymentId },
        },
      },
    });
    return webhook(body, stripeSignature(body, WEBHOOK_SECRET, Date.now()));
  }

  it("gives back money paid at Stripe for a checkout that was cancelled, and gives no plan for it", async () => {
    const who = await owner();
    const paymentId = await pendingStripePayment(who.userId);
    // A newer checkout cancelled it; the payer then finished the old Stripe page anyway.
    await db().update(payments).set({ status: "cancelled" }).where(eq(payments.id, paymentId));
    for (let i = 0; i < 2; i++)
      expect((await completed(`evt_late_${paymentId}`, paymentId, "pi_late_1")).status).toBe(200);
    const made = refunds.get(`late-${paymentId}`);
    expect(made).toMatchObject({ paymentIntent: "pi_late_1" });
    // Asked once: the replay found the event stored.
    expect(
      received.filter((r) => r.path === "/v1/refunds" && r.form.get("payment_intent") === "pi_late_1"),
    ).toHaveLength(1);
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.status).toBe("cancelled");
    expect(row?.note).toContain(`refunded (${made?.id})`);
    expect(await info(who.token)).toMatchObject({ active_plane: "free", payment_status: false });
  });

  it("answers 500 and stores nothing while Stripe refuses the refund; its next delivery refunds", async () => {
    const who = await owner();
    const paymentId = await pendingStripePayment(who.userId);
    await db().update(payments).set({ status: "failed" }).where(eq(payments.id, paymentId));
    refundsState.down = true;
    try {
      const refused = await completed(`evt_retry_${paymentId}`, paymentId, "pi_late_2");
      expect(refused.status).toBe(500);
      expect(
        await db()
          .select()
          .from(paymentWebhookInbox)
          .where(eq(paymentWebhookInbox.eventId, `evt_retry_${paymentId}`)),
      ).toHaveLength(0);
    } finally {
      refundsState.down = false;
    }
    expect((await completed(`evt_retry_${paymentId}`, paymentId, "pi_late_2")).status).toBe(200);
    expect(refunds.get(`late-${paymentId}`)).toMatchObject({ paymentIntent: "pi_late_2" });
  });

  it("refunds nothing for a checkout the payer's return had already paid", async () => {
    const who = await owner();
    const paymentId = await pendingStripePayment(who.userId);
    expect((await completed(`evt_first_${paymentId}`, paymentId, "pi_ok_3")).status).toBe(200);
    // The same payment completed again under another event (the return got there first, say).
    expect((await completed(`evt_second_${paymentId}`, paymentId, "pi_ok_3")).status).toBe(200);
    expect(
      received.filter((r) => r.path === "/v1/refunds" && r.form.get("payment_intent") === "pi_ok_3"),
    ).toHaveLength(0);
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.status).toBe("paid");
    expect(await info(who.token)).toMatchObject({ active_plane: "advanced", payment_status: true });
  });

  it("closes the Stripe page of a checkout that a newer one replaces", async () => {
    const who = await owner();
    const checkout = async () => {
      const res = await stripeCheckout(who.token, false);
      return (res.json as TResponseEnvelope<{ doc: { payment_id: string } }>).data.doc.payment_id;
    };
    const first = await checkout();
    const [firstRow] = await db().select().from(payments).where(eq(payments.id, first));
    const session = firstRow?.providerRef ?? "";
    expect(session).toMatch(/^cs_/);
    const second = await checkout();
    expect(second).not.toBe(first);
    const [old] = await db().select().from(payments).where(eq(payments.id, first));
    expect(old?.status).toBe("cancelled");
    expect(received.filter((r) => r.path === `/v1/checkout/sessions/${session}/expire`)).toHaveLength(1);
  });
});
