/**
 * The Stripe provider (entities outside Korea), through the official `stripe` SDK: a Checkout
 * Session per payment, off-session PaymentIntents for renewals and upgrades, refunds, and
 * webhooks verified with `Stripe-Signature` (`t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw
 * body>")>`, 5 minutes of tolerance) on the raw body.
 *
 * Every call carries `Stripe-Version: STRIPE_API_VERSION` (pinned: the account's default version
 * never decides what the answers mean) and every call that moves or may move money an
 * `Idempotency-Key` of ours (issue 31.4): `charge-<payment id>-<try>` for a charge (the SDK's own
 * resends of a call keep it; a renewal's retry days count the try up), `checkout-<payment id>`
 * for a session, `late-<payment id>` for a refund. A charge Stripe does not answer (the
 * connection drops, a timeout, a 5xx) is `unknown`, never `failed`: the customer's
 * PaymentIntents are listed (a list is read-after-write consistent, unlike search) and the one
 * carrying our `metadata[payment_id]` says what happened; every later try lists them first too,
 * so no try is charged again once money moved. A card that asks for confirmation (SCA:
 * `requires_action`, or an off-session charge refused with `authentication_required`) is the
 * `action` outcome: no later try charges that payment off-session again.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type Stripe from "stripe";
import type { TChargeOutcome, TProviderAdapter, TProviderPayment, TReturnOutcome } from "./providers";

/** Stripe settings. */
export interface TStripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** `https://api.stripe.com` unless a test or proxy answers instead. */
  apiUrl: string;
  /** Where Stripe sends the payer back (`<PUBLIC_URL>/payment/<id>`). */
  returnUrl: (paymentId: string) => string;
}

/**
 * The Stripe API version of every call. The SDK's types describe this version only, so an SDK
 * upgrade that moves it fails the type check until this line is changed on purpose.
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

/** The Idempotency-Key of a charge: one per payment and try, the same for every resend of a try. */
export const stripeChargeKey = (paymentId: string, attempt = 0) => `charge-${paymentId}-${attempt}`;

const TOLERANCE_S = 300;

/** True when `header` signs `rawBody` with `secret` within the tolerance at `nowMs`. */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowMs: number,
): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(nowMs / 1000 - Number(t)) > TOLERANCE_S) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();
  return signatures.some((sig) => {
    const given = Buffer.from(sig, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The `Stripe-Signature` header for a body (tests, and documentation of the scheme). */
export function stripeSignature(rawBody: string, secret: string, atMs: number): string {
  const t = Math.floor(atMs / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex")}`;
}

/** A Stripe error as the SDK throws it (the fields read here). */
interface TStripeError {
  type?: string;
  rawType?: string;
  statusCode?: number;
  code?: string;
  decline_code?: string;
  message?: string;
  payment_intent?: { id?: string };
}

const errorOf = (error: unknown): TStripeError =>
  typeof error === "object" && error !== null ? (error as TStripeError) : {};

/** Stripe never answered, or answered that it failed inside: the money may have moved. */
function isUnanswered(error: unknown): boolean {
  const e = errorOf(error);
  if (e.type === "StripeConnectionError" || e.type === "StripeAPIError") return true;
  // A key still in flight elsewhere, or reused: this request charged nothing, an earlier one may have.
  if (e.rawType === "idempotency_error" || e.statusCode === 409) return true;
  return e.statusCode === undefined || e.statusCode >= 500;
}

/** What an error says, for a payment's note (never the key: Stripe's messages do not carry it). */
const messageOf = (error: unknown) => {
  const e = errorOf(error);
  return (
    [e.type, e.decline_code ?? e.code, e.message].filter(Boolean).join(": ").slice(0, 300) || "charge failed"
  );
};

/** The outcome a PaymentIntent of ours stands for; null when it moved no money and asks nothing. */
function outcomeOfIntent(intent: Stripe.PaymentIntent): TChargeOutcome | null {
  if (intent.status === "succeeded") return { outcome: "paid", providerRef: intent.id };
  const needsOwner =
    intent.status === "requires_action" ||
    (intent.status === "requires_payment_method" &&
      intent.last_payment_error?.code === "authentication_required");
  if (needsOwner) {
    return { outcome: "action", providerRef: intent.id, message: "the card asks the owner to confirm (SCA)" };
  }
  if (intent.status === "processing" || intent.status === "requires_capture") {
    return { outcome: "unknown", message: `Stripe is still processing ${intent.id}` };
  }
  return null;
}

/** The Stripe adapter. */
export function stripeProvider(config: TStripeConfig): TProviderAdapter & {
  refund(paymentIntent: string, idempotencyKey: string): Promise<string>;
} {
  let client: Promise<Stripe> | undefined;
  // The SDK is imported at the first call, not at start (architecture.md, a lean embedded server).
  const stripe = () => {
    client ??= import("stripe").then(({ default: StripeClient }) => {
      const url = new URL(config.apiUrl);
      const protocol = url.protocol === "http:" ? "http" : "https";
      return new StripeClient(config.secretKey, {
        apiVersion: STRIPE_API_VERSION,
        host: url.hostname,
        port: url.port || (protocol === "http" ? 80 : 443),
        protocol,
        // Resends of one call keep its Idempotency-Key (ours, or the SDK's own for other POSTs).
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        appInfo: { name: "Vitrine" },
      });
    });
    return client;
  };

  /** The PaymentIntents of `customer` made for our payment `paymentId`, newest first. */
  async function intentsOf(customer: string, paymentId: string): Promise<Stripe.PaymentIntent[]> {
    const api = await stripe();
    const list = await api.paymentIntents.list({ customer, limit: 100 });
    return list.data.filter((intent) => intent.metadata?.payment_id === paymentId);
  }

  /** What Stripe already holds for a payment: paid wins, then a confirmation asked, then in flight. */
  async function heldFor(customer: string, paymentId: string): Promise<TChargeOutcome | null> {
    const outcomes = (await intentsOf(customer, paymentId)).map(outcomeOfIntent);
    for (const kind of ["paid", "action", "unknown"] as const) {
      const found = outcomes.find((o) => o?.outcome === kind);
      if (found) return found;
    }
    return null;
  }

  async function charge(payment: TProviderPayment, customer: string): Promise<TChargeOutcome> {
    const attempt = payment.attempt ?? 0;
    // An earlier try, or this one sent before a crash, may have moved money or asked the owner.
    try {
      const held = await heldFor(customer, payment.paymentId);
      if (held) return held;
    } catch (error) {
      return { outcome: "unknown", message: `earlier tries not readable: ${messageOf(error)}` };
    }
    const api = await stripe();
    try {
      const intent = await api.paymentIntents.create(
        {
          amount: payment.amount,
          currency: payment.currency.toLowerCase(),
          customer,
          off_session: true,
          confirm: true,
          description: `Vitrine ${payment.reference}`,
          metadata: { payment_id: payment.paymentId, attempt: String(attempt) },
        },
        { idempotencyKey: stripeChargeKey(payment.paymentId, attempt) },
      );
      return outcomeOfIntent(intent) ?? { outcome: "failed", message: `status ${intent.status}` };
    } catch (error) {
      const e = errorOf(error);
      if (e.code === "authentication_required" && e.payment_intent?.id) {
        return {
          outcome: "action",
          providerRef: e.payment_intent.id,
          message: "the card asks the owner to confirm (SCA)",
        };
      }
      if (!isUnanswered(error)) return { outcome: "failed", message: messageOf(error) };
      // No answer even after the SDK's resends under the same key: Stripe's record decides.
      try {
        const held = await heldFor(customer, payment.paymentId);
        return held ?? { outcome: "failed", message: `not charged: ${messageOf(error)}` };
      } catch {
        return { outcome: "unknown", message: `Stripe did not answer: ${messageOf(error)}` };
      }
    }
  }

  /** A Checkout Session's outcome: paid (with the customer Stripe saved), or still open. */
  async function sessionOutcome(sessionId: string): Promise<TReturnOutcome> {
    const session = await (await stripe()).checkout.sessions.retrieve(sessionId);
    if (session.payment_status !== "paid") return { outcome: "pending" };
    return {
      outcome: "paid",
      providerRef: sessionId,
      savedRef: typeof session.customer === "string" ? session.customer : null,
    };
  }

  /** A PaymentIntent of ours that succeeded since (the owner confirmed a charge's SCA). */
  async function intentOutcome(intentId: string): Promise<TReturnOutcome> {
    const intent = await (await stripe()).paymentIntents.retrieve(intentId);
    if (intent.status !== "succeeded") return { outcome: "pending" };
    return {
      outcome: "paid",
      providerRef: intent.id,
      savedRef: typeof intent.customer === "string" ? intent.customer : null,
    };
  }

  return {
    name: "stripe",
    /**
     * Gives a PaymentIntent's money back in full (`POST /v1/refunds`); the key makes a refund
     * asked for again the same refund. Answers the refund's id; throws when Stripe refuses.
     */
    async refund(paymentIntent, idempotencyKey) {
      const refund = await (await stripe()).refunds.create(
        { payment_intent: paymentIntent },
        { idempotencyKey },
      );
      return refund.id;
    },
    async start(payment: TProviderPayment) {
      const session = await (await stripe()).checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: payment.paymentId,
          metadata: { payment_id: payment.paymentId },
          customer_email: payment.email || undefined,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: payment.currency.toLowerCase(),
                unit_amount: payment.amount,
                product_data: { name: `Vitrine ${payment.reference}` },
              },
            },
          ],
          success_url: config.returnUrl(payment.paymentId),
          cancel_url: config.returnUrl(payment.paymentId),
          // With the owner's consent to renew, the card is kept for off-session renewal charges.
          ...(payment.autoRenew
            ? { customer_creation: "always", payment_intent_data: { setup_future_usage: "off_session" } }
            : {}),
        },
        { idempotencyKey: `checkout-${payment.paymentId}` },
      );
      return {
        status: "pending",
        transfer: null,
        providerRef: session.id,
        step: typeof session.url === "string" ? { kind: "redirect", url: session.url } : null,
      };
    },
    /** Expires an open Checkout Session; cancels a PaymentIntent that waits for the owner (SCA). */
    async close(providerRef) {
      const api = await stripe();
      if (providerRef.startsWith("cs_")) await api.checkout.sessions.expire(providerRef);
      else if (providerRef.startsWith("pi_")) await api.paymentIntents.cancel(providerRef);
    },
    /** The payer came back: the session (or a confirmed PaymentIntent) is read back. */
    async finish(_payment, back): Promise<TReturnOutcome> {
      if (!back.providerRef) return { outcome: "pending" };
      try {
        if (back.providerRef.startsWith("pi_")) return await intentOutcome(back.providerRef);
        return await sessionOutcome(back.providerRef);
      } catch {
        return { outcome: "pending" };
      }
    },
    async recover(payment, refs): Promise<TReturnOutcome> {
      if (refs.providerRef?.startsWith("cs_")) return sessionOutcome(refs.providerRef);
      if (refs.providerRef?.startsWith("pi_")) return intentOutcome(refs.providerRef);
      if (!refs.savedRef) return { outcome: "pending" };
      const held = await heldFor(refs.savedRef, payment.paymentId);
      return held?.outcome === "paid"
        ? { outcome: "paid", providerRef: held.providerRef, savedRef: null }
        : { outcome: "pending" };
    },
    charge(payment: TProviderPayment, savedRef: string | null): Promise<TChargeOutcome> {
      if (!savedRef) return Promise.resolve({ outcome: "failed", message: "no saved customer" });
      return charge(payment, savedRef);
    },
  };
}
