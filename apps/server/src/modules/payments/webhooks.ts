/**
 * Provider webhooks (DESIGN "The business half", billing): `POST /api/payment/webhook/:provider`
 * takes the raw body, checks its signature, stores the event in `payment_webhook_inbox` (unique
 * per provider and event id) and applies it in the same transaction — a replayed event is stored
 * once and applied once. A bad signature answers 400 and stores nothing. Toss signs nothing:
 * its event is read back from Toss (`GET /v1/payments/{paymentKey}`) and applied only when
 * Toss's own record says the same; otherwise 400 and nothing stored. Toss's `DONE` pays a pending
 * Toss payment of that amount; its `CANCELED` refunds the payment that Toss payment paid. Stripe's
 * `checkout.session.completed` likewise pays only a pending Stripe payment whose amount and
 * currency the session paid in full.
 */
import type { FastifyInstance } from "fastify";
import { failure, sendFailure } from "../../platform/http/envelope-reply";
import type { TDrizzle } from "../../platform/types";
import {
  isWebhookStored,
  markWebhookApplied,
  notePayment,
  paymentById,
  storeWebhookEvent,
  type TWebhookEvent,
} from "./queries";
import type { TPaymentsService } from "./service";
import { verifyStripeSignature } from "./stripe";
import { paymentIdOfOrder, type TTossPayment } from "./toss";

/** What the webhook route needs. */
export interface TWebhookDeps {
  db: TDrizzle;
  payments: Pick<TPaymentsService, "applyPaid" | "applyRefunded">;
  afterPaid(userId: string, paymentId: string): Promise<void>;
  /** After a provider's cancellation was applied and committed: the plan's listeners. */
  planChanged(userId: string): Promise<void>;
  stripeSecret: string | null;
  stripe: { refund(paymentIntent: string, idempotencyKey: string): Promise<string> } | null;
  toss: { fetchPayment(paymentKey: string): Promise<TTossPayment | null> } | null;
  now: () => Date;
}

interface TTossEvent {
  eventType?: unknown;
  data?: { paymentKey?: unknown; orderId?: unknown; status?: unknown };
}

/** A payment in one of these was no longer wanted: money that still arrives for it goes back. */
const LATE_STATUSES = new Set(["cancelled", "failed", "rejected"]);

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Stores one event in the inbox and, if it is new, applies it in the same transaction
 * (`apply` answers the paid payment, or null). The receipt goes after the commit.
 */
async function storeAndApply(
  deps: TWebhookDeps,
  event: TWebhookEvent,
  apply: (tx: TDrizzle) => Promise<{ userId: string; paymentId: string } | null>,
): Promise<void> {
  const paid = await deps.db.transaction(async (tx) => {
    const stored = await storeWebhookEvent(tx, event);
    if (!stored) return null;
    const applied = await apply(tx);
    await markWebhookApplied(tx, stored, deps.now());
    return applied;
  });
  if (paid) await deps.afterPaid(paid.userId, paid.paymentId);
}

interface TStripeEvent {
  id?: unknown;
  type?: unknown;
  data?: {
    object?: {
      id?: unknown;
      customer?: unknown;
      payment_intent?: unknown;
      amount_total?: unknown;
      currency?: unknown;
      payment_status?: unknown;
      metadata?: { payment_id?: unknown };
    };
  };
}

/** True when a completed Checkout Session paid `payment` in full: provider, amount, currency. */
function isStripePaymentOf(
  session: NonNullable<TStripeEvent["data"]>["object"],
  payment: { provider: string; amount: number; currency: string },
): boolean {
  return (
    payment.provider === "stripe" &&
    session?.payment_status === "paid" &&
    session.amount_total === payment.amount &&
    text(session.currency) === payment.currency.toLowerCase()
  );
}

/** Registers the webhook route (raw JSON body, its own parser). */
export async function registerWebhooks(app: FastifyInstance, deps: TWebhookDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post("/api/payment/webhook/stripe", async (request, reply) => {
      const raw = typeof request.body === "string" ? request.body : "";
      const header = request.headers["stripe-signature"];
      if (
        !deps.stripeSecret ||
        !verifyStripeSignature(
          raw,
          typeof header === "string" ? header : undefined,
          deps.stripeSecret,
          deps.now().getTime(),
        )
      ) {
        return sendFailure(reply, failure("webhookSignature"));
      }
      let event: TStripeEvent;
      try {
        event = JSON.parse(raw) as TStripeEvent;
      } catch {
        return sendFailure(reply, failure("badRequest"));
      }
      const eventId = typeof event.id === "string" ? event.id : "";
      const type = typeof event.type === "string" ? event.type : "";
      if (!eventId) return sendFailure(reply, failure("badRequest"));
      const object = event.data?.object;
      const paymentId = text(object?.metadata?.payment_id);
      // Paid too late: the payer finished an older Stripe page after that payment was cancelled
      // (a newer checkout, a cancel) or had failed. Nothing is given for it, so the money goes
      // back before the event is stored; a refund Stripe refuses answers 500 and Stripe sends
      // the event again later.
      let lateNote: string | null = null;
      if (type === "checkout.session.completed" && paymentId) {
        const row = await paymentById(deps.db, paymentId);
        // An event already stored was handled when it first came.
        const isSeen = await isWebhookStored(deps.db, "stripe", eventId);
        if (!isSeen && row?.provider === "stripe" && LATE_STATUSES.has(row.status)) {
          const intent = text(object?.payment_intent);
          if (!intent || !deps.stripe) {
            lateNote =
              "paid at Stripe after it was closed; no payment to refund automatically: refund by hand";
          } else {
            try {
              const refundId = await deps.stripe.refund(intent, `late-${paymentId}`);
              lateNote = `paid at Stripe after it was closed; refunded (${refundId})`;
            } catch {
              return sendFailure(reply, failure("internal"));
            }
          }
        }
      }
      await storeAndApply(
        deps,
        { provider: "stripe", eventId, eventType: type, payload: event },
        async (tx) => {
          if (type !== "checkout.session.completed" || !paymentId) return null;
          if (lateNote) {
            await notePayment(tx, paymentId, lateNote.slice(0, 300), deps.now());
            return null;
          }
          // Only a Stripe payment, paid, of this amount in this currency: a signed event naming
          // another provider's payment, or paying less, changes nothing (stored, not applied).
          const mine = await paymentById(tx, paymentId);
          if (!mine || !isStripePaymentOf(object, mine)) return null;
          // The customer Stripe saved (setup_future_usage) is what renewals charge.
          const customer = text(object?.customer) || null;
          const done = await deps.payments.applyPaid(tx, paymentId, text(object?.id) || null, customer);
          return done ? { userId: done.userId, paymentId } : null;
        },
      );
      return reply.send({ received: true });
    });

    scope.post("/api/payment/webhook/toss", async (request, reply) => {
      if (!deps.toss) return sendFailure(reply, failure("notFound"));
      let event: TTossEvent;
      try {
        event = JSON.parse(typeof request.body === "string" ? request.body : "") as TTossEvent;
      } catch {
        return sendFailure(reply, failure("badRequest"));
      }
      const type = text(event.eventType);
      const paymentKey = text(event.data?.paymentKey);
      if (type !== "PAYMENT_STATUS_CHANGED" || !paymentKey) return sendFailure(reply, failure("badRequest"));
      // No signature: Toss's own record decides. A key Toss does not know, or a status or order
      // that differs from what the event claims, is not believed (and not stored).
      const record = await deps.toss.fetchPayment(paymentKey);
      if (
        !record ||
        record.paymentKey !== paymentKey ||
        record.status !== text(event.data?.status) ||
        record.orderId !== text(event.data?.orderId)
      ) {
        return sendFailure(reply, failure("webhookUnverified"));
      }
      const paymentId = paymentIdOfOrder(record.orderId);
      let refundedFor: string | null = null;
      await storeAndApply(
        deps,
        { provider: "toss", eventId: `${paymentKey}:${record.status}`, eventType: type, payload: event },
        async (tx) => {
          if (!paymentId) return null;
          // Cancelled at Toss (its console, or its customer service): our payment is refunded
          // and the plan it paid for ends, as the console's refund does.
          if (record.status === "CANCELED") {
            const refunded = await deps.payments.applyRefunded(
              tx,
              paymentId,
              paymentKey,
              `cancelled at Toss (${paymentKey})`.slice(0, 300),
            );
            refundedFor = refunded?.userId ?? null;
            return null;
          }
          if (record.status !== "DONE") return null;
          // Only a Toss payment of this amount: an order id of ours paid elsewhere changes nothing.
          const mine = await paymentById(tx, paymentId);
          if (mine?.provider !== "toss" || mine.amount !== record.totalAmount) return null;
          const done = await deps.payments.applyPaid(tx, paymentId, paymentKey);
          return done ? { userId: done.userId, paymentId } : null;
        },
      );
      if (refundedFor) await deps.planChanged(refundedFor);
      return reply.send({ received: true });
    });
  });
}
