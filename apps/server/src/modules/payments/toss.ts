/**
 * The Toss Payments provider (businesses in Korea, KRW): the payer registers a card in Toss's
 * window (`requestBillingAuth`), which comes back with `authKey` and `customerKey`; the server
 * issues the billing key (`POST /v1/billing/authorizations/issue`) and charges it
 * (`POST /v1/billing/{billingKey}`); renewals charge the stored billing key. Every call uses
 * Basic auth with `<secret key>:`. Toss's payment-status webhooks carry no signature, so an
 * event is believed only as far as `GET /v1/payments/{paymentKey}` confirms it. A charge Toss does
 * not answer is sent again under the same `Idempotency-Key` and then read back by its order
 * (`GET /v1/payments/orders/{orderId}`), so no answer lost on the way is ever charged twice.
 */
import { AppError, PROVIDER_CURRENCIES, type TProviderStep } from "@vitrine/contract";
import type { TChargeOutcome, TProviderAdapter, TProviderPayment, TReturnOutcome } from "./providers";

/** Toss settings. */
export interface TTossConfig {
  secretKey: string;
  clientKey: string;
  /** `https://api.tosspayments.com` unless a test or proxy answers instead. */
  apiUrl: string;
  /** The browser SDK the web loads for the card window. */
  sdkUrl: string;
  /** Where Toss sends the payer back (`<PUBLIC_URL>/payment/<id>`). */
  returnUrl: (paymentId: string) => string;
}

/** A payment as Toss reports it (the fields this adapter reads). */
export interface TTossPayment {
  paymentKey: string;
  orderId: string;
  status: string;
  totalAmount: number;
}

/** The order id of a payment's charge: the payment id, with the try number after the first. */
export function tossOrderId(paymentId: string, attempt = 0): string {
  return attempt > 0 ? `${paymentId}-${attempt}` : paymentId;
}

/** The payment id an order id belongs to (null when it is not one of ours). */
export function paymentIdOfOrder(orderId: string): string | null {
  return /^(payment_[0-9a-f-]{36})(?:-\d+)?$/.exec(orderId)?.[1] ?? null;
}

class TossError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call(
  config: TTossConfig,
  method: "GET" | "POST",
  path: string,
  body?: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${config.secretKey}:`).toString("base64")}`,
  };
  if (body) headers["content-type"] = "application/json";
  if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
  const res = await fetch(`${config.apiUrl}${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    throw new TossError(
      res.status,
      typeof answer.code === "string" ? answer.code : "UNKNOWN",
      typeof answer.message === "string" ? answer.message : `toss ${path} answered ${res.status}`,
    );
  }
  return answer;
}

/** The fields of a payment Toss answered. */
const recordOf = (found: Record<string, unknown>): TTossPayment => ({
  paymentKey: String(found.paymentKey ?? ""),
  orderId: String(found.orderId ?? ""),
  status: String(found.status ?? ""),
  totalAmount: Number(found.totalAmount ?? Number.NaN),
});

const failedWith = (error: unknown): { outcome: "failed"; message: string } => ({
  outcome: "failed",
  message:
    error instanceof TossError
      ? `${error.code}: ${error.message}`.slice(0, 300)
      : error instanceof Error
        ? error.message.slice(0, 300)
        : "charge failed",
});

/** How long to wait before asking Toss again for a charge it did not answer (ms). */
const RETRY_DELAYS_MS = [500, 1_500] as const;

/** Resends stop once this long has passed since the first send (each call may wait 30 s). */
const RESEND_WITHIN_MS = 40_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call that may be sent again: Toss never answered, or answered that it failed inside. */
const isRetryable = (error: unknown) => !(error instanceof TossError) || error.status >= 500;

/** The Toss adapter, with the read-back its webhook needs. */
export function tossProvider(
  config: TTossConfig,
): TProviderAdapter & { fetchPayment(paymentKey: string): Promise<TTossPayment | null> } {
  /** Toss's record of an order (`GET /v1/payments/orders/{orderId}`); null when it has none. */
  async function findOrder(orderId: string): Promise<TTossPayment | null> {
    try {
      return recordOf(await call(config, "GET", `/v1/payments/orders/${encodeURIComponent(orderId)}`));
    } catch (error) {
      if (error instanceof TossError && error.status === 404) return null;
      throw error;
    }
  }

  /** A charge of `amount` that Toss's record of `orderId` shows as done, or null. */
  async function doneOrder(orderId: string, amount: number): Promise<TChargeOutcome | null> {
    const found = await findOrder(orderId);
    if (found?.status === "DONE" && found.totalAmount === amount) {
      return { outcome: "paid", providerRef: found.paymentKey };
    }
    return null;
  }

  async function chargeKey(payment: TProviderPayment, billingKey: string): Promise<TChargeOutcome> {
    if (payment.currency !== "KRW") return { outcome: "failed", message: "Toss charges KRW only" };
    const attempt = payment.attempt ?? 0;
    const orderId = tossOrderId(payment.paymentId, attempt);
    // An earlier try whose answer was lost may have been charged: Toss's records say so before
    // this try charges again under a new order id.
    try {
      for (let earlier = 0; earlier < attempt; earlier++) {
        const done = await doneOrder(tossOrderId(payment.paymentId, earlier), payment.amount);
        if (done) return done;
      }
    } catch (error) {
      return { outcome: "unknown", message: `earlier tries not readable: ${failedWith(error).message}` };
    }
    let lastError: unknown;
    const startedAt = Date.now();
    // The same order id is the Idempotency-Key: a charge sent again is charged once at most, and
    // a repeat of one that went through answers the first result. No resend after RESEND_WITHIN_MS
    // (a Toss that hangs rather than refuses): the read-back below still runs.
    for (let send = 0; send <= RETRY_DELAYS_MS.length; send++) {
      if (send > 0) {
        if (Date.now() - startedAt > RESEND_WITHIN_MS) break;
        await sleep(RETRY_DELAYS_MS[send - 1] ?? 0);
      }
      try {
        const paid = await call(
          config,
          "POST",
          `/v1/billing/${encodeURIComponent(billingKey)}`,
          {
            customerKey: payment.userId,
            amount: payment.amount,
            orderId,
            orderName: `Vitrine ${payment.reference}`,
            customerEmail: payment.email || undefined,
          },
          orderId,
        );
        return paid.status === "DONE"
          ? { outcome: "paid", providerRef: String(paid.paymentKey ?? "") }
          : { outcome: "failed", message: `status ${String(paid.status ?? "unknown")}` };
      } catch (error) {
        if (!isRetryable(error)) return failedWith(error);
        lastError = error;
      }
    }
    // No answer to any send: Toss's record of the order says whether the money moved.
    try {
      const done = await doneOrder(orderId, payment.amount);
      if (done) return done;
      return { outcome: "failed", message: `not charged: ${failedWith(lastError).message}`.slice(0, 300) };
    } catch {
      return {
        outcome: "unknown",
        message: `Toss did not answer: ${failedWith(lastError).message}`.slice(0, 300),
      };
    }
  }

  return {
    name: "toss",
    currencies: PROVIDER_CURRENCIES.toss,
    async start(payment) {
      if (payment.currency !== "KRW") throw new AppError("providerUnavailable");
      const back = config.returnUrl(payment.paymentId);
      const step: TProviderStep = {
        kind: "toss_billing",
        client_key: config.clientKey,
        customer_key: payment.userId,
        sdk_url: config.sdkUrl,
        success_url: back,
        fail_url: `${back}?failed=1`,
      };
      return { status: "pending", transfer: null, providerRef: null, step };
    },
    charge(payment, savedRef) {
      if (!savedRef) return Promise.resolve({ outcome: "failed", message: "no billing key" });
      return chargeKey(payment, savedRef);
    },
    async finish(payment, back): Promise<TReturnOutcome> {
      if (!back.authKey || back.customerKey !== payment.userId) throw new AppError("paymentReturnInvalid");
      let billingKey: string;
      try {
        const issued = await call(config, "POST", "/v1/billing/authorizations/issue", {
          authKey: back.authKey,
          customerKey: back.customerKey,
        });
        billingKey = typeof issued.billingKey === "string" ? issued.billingKey : "";
        if (!billingKey) return { outcome: "failed", message: "no billing key issued" };
      } catch (error) {
        return failedWith(error);
      }
      const charged = await chargeKey(payment, billingKey);
      if (charged.outcome !== "paid") return charged.outcome === "failed" ? charged : { outcome: "pending" };
      return { outcome: "paid", providerRef: charged.providerRef, savedRef: billingKey };
    },
    /** A checkout whose return was cut: Toss's record of its first order says whether it was paid. */
    async recover(payment): Promise<TReturnOutcome> {
      const done = await doneOrder(tossOrderId(payment.paymentId), payment.amount);
      // The billing key issued on that return is not known here: renewals then ask for a new card.
      return done?.outcome === "paid"
        ? { outcome: "paid", providerRef: done.providerRef, savedRef: null }
        : { outcome: "pending" };
    },
    /** Cancels a Toss payment in full (`POST /v1/payments/{paymentKey}/cancel`) under `idempotencyKey`. */
    async refund(paymentKey, idempotencyKey) {
      const cancelled = await call(
        config,
        "POST",
        `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`,
        { cancelReason: "Vitrine: the payment was no longer wanted when its charge came back" },
        idempotencyKey,
      );
      return String(cancelled.paymentKey ?? paymentKey);
    },
    async fetchPayment(paymentKey) {
      try {
        return recordOf(await call(config, "GET", `/v1/payments/${encodeURIComponent(paymentKey)}`));
      } catch (error) {
        if (error instanceof TossError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
