/**
 * Stripe's side, for tests: its API as documented (Bearer secret key, form-encoded bodies, JSON
 * answers, `Idempotency-Key`: a POST sent again with the same key gets the first answer) —
 * Checkout Sessions (create, read, expire), PaymentIntents (create and confirm off-session, list
 * by customer, read, cancel) and refunds. Customers decide a charge: `cus_good` succeeds,
 * `cus_sca` is refused with `authentication_required` (402, the intent kept), `cus_3ds` answers
 * `requires_action`, any other is declined. A test steers it: lost answers, an outage, held
 * answers, refunds refused.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";

/** A PaymentIntent as the stand-in keeps it. */
export interface TStripeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string } | null;
}

/** The stand-in, and the handles a test steers it by. */
export interface TStripeStandIn {
  server: Server;
  /** Every request, in order (`path` with its query). */
  received: {
    method: string;
    path: string;
    auth: string;
    form: URLSearchParams;
    headers: IncomingHttpHeaders;
  }[];
  /** Sessions the payer has paid on Stripe's page. */
  paidSessions: Set<string>;
  /** Refunds made, by Idempotency-Key; refused while `refundsState.down`. */
  refunds: Map<string, { id: string; paymentIntent: string }>;
  refundsState: { down: boolean };
  /** PaymentIntents, by id. */
  intents: Map<string, TStripeIntent>;
  /**
   * The next PaymentIntent of a customer is made, but its answer is lost (`lost`), Stripe then
   * answers nothing until `outage.on` is cleared (`gone`), or the answer waits until
   * `dropHeld()` (`held`).
   */
  afterCreate: Map<string, "lost" | "gone" | "held">;
  outage: { on: boolean };
  dropHeld(): void;
}

/** Creates the stand-in for `secretKey` (not listening yet). */
export function createStripeStandIn(secretKey: string): TStripeStandIn {
  const held: ServerResponse[] = [];
  const state: Omit<TStripeStandIn, "server"> = {
    received: [],
    paidSessions: new Set(),
    refunds: new Map(),
    refundsState: { down: false },
    intents: new Map(),
    afterCreate: new Map(),
    outage: { on: false },
    dropHeld: () => {
      for (const res of held.splice(0)) res.destroy();
    },
  };
  const answers = new Map<string, { status: number; value: unknown }>();

  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const url = req.url ?? "";
      const [path = "", query = ""] = url.split("?");
      state.received.push({
        method: req.method ?? "",
        path: url,
        auth: req.headers.authorization ?? "",
        form,
        headers: req.headers,
      });
      if (state.outage.on) return res.destroy();
      res.setHeader("content-type", "application/json");
      const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
      const answer = (status: number, value: unknown) => {
        if (typeof key === "string" && status < 500) answers.set(key, { status, value });
        res.statusCode = status;
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return answer(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      const earlier = typeof key === "string" ? answers.get(key) : undefined;
      if (earlier) {
        res.setHeader("idempotent-replayed", "true");
        res.statusCode = earlier.status;
        return res.end(JSON.stringify(earlier.value));
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${state.received.length}`;
        return answer(200, {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          payment_status: "unpaid",
        });
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (req.method === "POST" && expire) {
        return answer(200, {
          id: expire[1],
          object: "checkout.session",
          status: "expired",
          payment_status: "unpaid",
        });
      }
      const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === "GET" && session) {
        const id = session[1] ?? "";
        const isPaid = state.paidSessions.has(id);
        return answer(200, {
          id,
          object: "checkout.session",
          payment_status: isPaid ? "paid" : "unpaid",
          customer: isPaid ? "cus_good" : null,
        });
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        if (state.refundsState.down) return answer(500, { error: { type: "api_error" } });
        const refundKey = String(key ?? `none-${state.received.length}`);
        const refund = state.refunds.get(refundKey) ?? {
          id: `re_${state.refunds.size + 1}`,
          paymentIntent: form.get("payment_intent") ?? "",
        };
        state.refunds.set(refundKey, refund);
        return answer(200, {
          id: refund.id,
          object: "refund",
          payment_intent: refund.paymentIntent,
          status: "succeeded",
        });
      }
      if (req.method === "POST" && path === "/v1/payment_intents") {
        return createIntent(form, key, res, answer);
      }
      if (req.method === "GET" && path === "/v1/payment_intents") {
        const params = new URLSearchParams(query);
        const data = [...state.intents.values()]
          .filter((intent) => intent.customer === params.get("customer"))
          .reverse()
          .slice(0, Number(params.get("limit") ?? 10));
        return answer(200, { object: "list", data, has_more: false, url: "/v1/payment_intents" });
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
      const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      const intent = state.intents.get((cancel ?? one)?.[1] ?? "");
      if (intent && req.method === "POST" && cancel) {
        intent.status = "canceled";
        return answer(200, intent);
      }
      if (intent && req.method === "GET" && one) return answer(200, intent);
      return answer(404, { error: { type: "invalid_request_error", message: "No such object" } });
    });
  });

  function createIntent(
    form: URLSearchParams,
    key: string | string[] | undefined,
    res: ServerResponse,
    answer: (status: number, value: unknown) => void,
  ) {
    const customer = form.get("customer") ?? "";
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
      if (field) metadata[field] = value;
    }
    const status =
      customer === "cus_good"
        ? "succeeded"
        : customer === "cus_3ds"
          ? "requires_action"
          : "requires_payment_method";
    const intent: TStripeIntent = {
      id: `pi_${state.intents.size + 1}_${Date.now()}`,
      object: "payment_intent",
      amount: Number(form.get("amount")),
      currency: form.get("currency") ?? "",
      customer,
      status,
      metadata,
      last_payment_error: customer === "cus_sca" ? { code: "authentication_required" } : null,
    };
    state.intents.set(intent.id, intent);
    const mishap = state.afterCreate.get(customer);
    if (mishap) {
      state.afterCreate.delete(customer);
      if (typeof key === "string") answers.set(key, { status: 200, value: intent });
      if (mishap === "held") {
        held.push(res);
        return;
      }
      if (mishap === "gone") state.outage.on = true;
      res.destroy();
      return;
    }
    if (customer === "cus_sca") {
      return answer(402, {
        error: {
          type: "card_error",
          code: "authentication_required",
          message: "This payment required an authentication action to complete.",
          payment_intent: intent,
        },
      });
    }
    return answer(200, intent);
  }

  return { server, ...state };
}
