/**
 * The Stripe provider (entities outside Korea): a Checkout Session per payment, off-session
 * PaymentIntents for renewals, and webhooks verified with `Stripe-Signature`
 * (`t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, 5 minutes of tolerance) on the raw body.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
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

async function post(
  config: TStripeConfig,
  path: string,
  form: Record<string, string> | null,
  idempotencyKey?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${config.apiUrl}${path}`, {
    method: form ? "POST" : "GET",
    headers: {
      authorization: `Bearer ${config.secretKey}`,
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`stripe ${path} answered ${res.status}`);
  return body;
}

/** The Stripe adapter, with the refund its webhook needs for a payment paid too late. */
export function stripeProvider(
  config: TStripeConfig,
): TProviderAdapter & { refund(paymentIntent: string, idempotencyKey: string): Promise<string> } {
  return {
    /**
     * Gives a PaymentIntent's money back in full (`POST /v1/refunds`); the key makes a refund
     * asked for again the same refund. Answers the refund's id; throws when Stripe refuses.
     */
    async refund(paymentIntent, idempotencyKey) {
      const refund = await post(config, "/v1/refunds", { payment_intent: paymentIntent }, idempotencyKey);
      return String(refund.id ?? "");
    },
    name: "stripe",
    async start(payment: TProviderPayment) {
      const session = await post(config, "/v1/checkout/sessions", {
        mode: "payment",
        client_reference_id: payment.paymentId,
        "metadata[payment_id]": payment.paymentId,
        customer_email: payment.email,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": payment.currency.toLowerCase(),
        "line_items[0][price_data][unit_amount]": String(payment.amount),
        "line_items[0][price_data][product_data][name]": `Vitrine ${payment.reference}`,
        success_url: config.returnUrl(payment.paymentId),
        cancel_url: config.returnUrl(payment.paymentId),
        // With the owner's consent to renew, the card is kept for off-session renewal charges.
        ...(payment.autoRenew
          ? { customer_creation: "always", "payment_intent_data[setup_future_usage]": "off_session" }
          : {}),
      });
      const id = String(session.id ?? "");
      return {
        status: "pending",
        transfer: null,
        providerRef: id,
        step: typeof session.url === "string" ? { kind: "redirect", url: session.url } : null,
      };
    },
    /** Expires an open Checkout Session (`POST /v1/checkout/sessions/{id}/expire`). */
    async close(providerRef) {
      if (!providerRef.startsWith("cs_")) return;
      await post(config, `/v1/checkout/sessions/${encodeURIComponent(providerRef)}/expire`, {});
    },
    /** The payer came back: the session is read back; paid applies (the webhook may come later). */
    async finish(_payment, back): Promise<TReturnOutcome> {
      if (!back.providerRef) return { outcome: "pending" };
      try {
        const session = await post(
          config,
          `/v1/checkout/sessions/${encodeURIComponent(back.providerRef)}`,
          null,
        );
        if (session.payment_status !== "paid") return { outcome: "pending" };
        return {
          outcome: "paid",
          providerRef: back.providerRef,
          savedRef: typeof session.customer === "string" ? session.customer : null,
        };
      } catch {
        return { outcome: "pending" };
      }
    },
    async charge(payment: TProviderPayment, savedRef: string | null): Promise<TChargeOutcome> {
      if (!savedRef) return { outcome: "failed", message: "no saved customer" };
      try {
        const intent = await post(config, "/v1/payment_intents", {
          amount: String(payment.amount),
          currency: payment.currency.toLowerCase(),
          customer: savedRef,
          off_session: "true",
          confirm: "true",
          "metadata[payment_id]": payment.paymentId,
        });
        return intent.status === "succeeded"
          ? { outcome: "paid", providerRef: String(intent.id ?? "") }
          : { outcome: "failed", message: String(intent.status ?? "unknown") };
      } catch (error) {
        return { outcome: "failed", message: error instanceof Error ? error.message : "charge failed" };
      }
    },
  };
}
