/**
 * Toss Payments' side, for tests: its API as documented (Basic auth `<secret key>:`, JSON) —
 * billing key issue (`authKey` `auth_good` or `auth_declined`), charge by billing key with
 * `Idempotency-Key` (a request sent again gets the first answer), payment read-back by key and by
 * order, cancellation (`POST /v1/payments/{paymentKey}/cancel`) — and a stand-in for its browser SDK (`/v2/standard`):
 * `TossPayments(clientKey).payment({customerKey}).requestBillingAuth(…)` sends the browser to the
 * success URL with `customerKey` and `authKey`, as Toss's card window does once a card is entered
 * (a page that set `window.__tossCard = "declined"` gets a refused card).
 *
 * The API tests (`test/api/billing-toss.test.ts`) start it in-process and steer it (declined
 * cards, lost answers, an outage); the browser journeys run it on its own
 * (`node --import tsx apps/server/test/support/toss-stand-in.ts`, `TOSS_PORT`, `TOSS_SECRET_KEY`;
 * playwright.config.ts).
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";

/** A payment as Toss records it. */
export interface TTossRecord {
  paymentKey: string;
  orderId: string;
  status: string;
  totalAmount: number;
}

/** The stand-in, and the handles a test steers it by. */
export interface TTossStandIn {
  server: Server;
  /** Every request, in order. */
  received: { method: string; path: string; auth: string; body: Record<string, unknown> }[];
  /** Toss's payment records, by payment key. */
  records: Map<string, TTossRecord>;
  /** Billing keys whose charges are refused. */
  declined: Set<string>;
  /**
   * The next charge to a billing key goes through, but its answer is lost (`lost`), or Toss then
   * stops answering anything until `outage.on` is cleared (`gone`).
   */
  afterCharge: Map<string, "lost" | "gone" | "held">;
  /** Toss answers nothing (the connection drops) while `on`. */
  outage: { on: boolean };
  /** Billing keys whose charges go through at once but are answered only this many ms later. */
  slow: Map<string, number>;
  /** Drops the connections of charges held (`afterCharge` "held"): their answers never leave. */
  dropHeld(): void;
}

const SDK = `window.TossPayments = function (clientKey) {
  return {
    payment: function (options) {
      return {
        requestBillingAuth: function (request) {
          var card = window.__tossCard === "declined" ? "declined" : "good";
          var join = request.successUrl.indexOf("?") >= 0 ? "&" : "?";
          window.location.assign(request.successUrl + join + "customerKey=" +
            encodeURIComponent(options.customerKey) + "&authKey=auth_" + card);
          return new Promise(function () {});
        },
      };
    },
  };
};`;

/** Creates the stand-in for `secretKey` (not listening yet). */
export function createTossStandIn(secretKey: string): TTossStandIn {
  const auth = `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;
  const held: ServerResponse[] = [];
  const state: Omit<TTossStandIn, "server"> = {
    received: [],
    records: new Map(),
    declined: new Set(),
    afterCharge: new Map(),
    outage: { on: false },
    slow: new Map(),
    dropHeld: () => {
      for (const res of held.splice(0)) res.destroy();
    },
  };
  const answers = new Map<string, { status: number; value: unknown }>();
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const path = req.url ?? "";
      if (req.method === "GET" && path === "/health") return res.end("ok");
      if (req.method === "GET" && path === "/v2/standard") {
        res.setHeader("content-type", "text/javascript");
        return res.end(SDK);
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      state.received.push({ method: req.method ?? "", path, auth: req.headers.authorization ?? "", body });
      if (state.outage.on) return res.destroy();
      res.setHeader("content-type", "application/json");
      const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
      const answer = (status: number, value: unknown) => {
        if (typeof key === "string") answers.set(key, { status, value });
        res.statusCode = status;
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== auth) {
        return answer(401, { code: "UNAUTHORIZED_KEY", message: "인증되지 않은 시크릿 키입니다." });
      }
      const earlier = typeof key === "string" ? answers.get(key) : undefined;
      if (earlier) {
        res.statusCode = earlier.status;
        return res.end(JSON.stringify(earlier.value));
      }
      if (req.method === "POST" && path === "/v1/billing/authorizations/issue") {
        if (body.authKey !== "auth_good" && body.authKey !== "auth_declined") {
          return answer(400, { code: "INVALID_AUTH_KEY", message: "잘못된 authKey입니다." });
        }
        const card = body.authKey === "auth_declined" ? "declined" : "ok";
        return answer(200, {
          mId: "tvivarepublica",
          customerKey: body.customerKey,
          billingKey: `bk_${card}_${String(body.customerKey)}`,
        });
      }
      const charge = /^\/v1\/billing\/([^/]+)$/.exec(path);
      if (req.method === "POST" && charge) {
        const billingKey = decodeURIComponent(charge[1] ?? "");
        if (!billingKey.endsWith(`_${String(body.customerKey)}`)) {
          return answer(400, { code: "NOT_MATCHES_CUSTOMER_KEY", message: "빌링키와 고객 키가 다릅니다." });
        }
        if (billingKey.startsWith("bk_declined") || state.declined.has(billingKey)) {
          return answer(400, { code: "REJECT_CARD_PAYMENT", message: "한도초과 혹은 잔액부족입니다." });
        }
        const record = {
          paymentKey: `pk_${state.records.size + 1}_${Date.now()}`,
          orderId: String(body.orderId),
          status: "DONE",
          totalAmount: Number(body.amount),
        };
        state.records.set(record.paymentKey, record);
        const mishap = state.afterCharge.get(billingKey);
        if (mishap === "held") {
          // Charged, kept for its key; the answer waits until the connection is dropped.
          state.afterCharge.delete(billingKey);
          if (typeof key === "string") answers.set(key, { status: 200, value: record });
          held.push(res);
          return;
        }
        if (mishap) {
          // Charged, kept for its key, and the answer never leaves.
          state.afterCharge.delete(billingKey);
          if (typeof key === "string") answers.set(key, { status: 200, value: record });
          if (mishap === "gone") state.outage.on = true;
          return res.destroy();
        }
        const value = { ...record, orderName: body.orderName, method: "카드" };
        const delay = state.slow.get(billingKey);
        if (delay) {
          if (typeof key === "string") answers.set(key, { status: 200, value });
          setTimeout(() => res.end(JSON.stringify(value)), delay);
          return;
        }
        return answer(200, value);
      }
      const cancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
      if (req.method === "POST" && cancel) {
        const record = state.records.get(decodeURIComponent(cancel[1] ?? ""));
        if (!record) {
          return answer(404, { code: "NOT_FOUND_PAYMENT", message: "존재하지 않는 결제 정보 입니다." });
        }
        record.status = "CANCELED";
        return answer(200, { ...record, cancels: [{ cancelReason: body.cancelReason }] });
      }
      const byOrder = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
      const byKey = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (req.method === "GET" && (byOrder || byKey)) {
        const id = decodeURIComponent((byOrder ?? byKey)?.[1] ?? "");
        const record = byOrder
          ? [...state.records.values()].find((r) => r.orderId === id)
          : state.records.get(id);
        return record
          ? answer(200, record)
          : answer(404, { code: "NOT_FOUND_PAYMENT", message: "존재하지 않는 결제 정보 입니다." });
      }
      return answer(404, { code: "NOT_FOUND", message: "not found" });
    });
  });
  return { server, ...state };
}

// Run on its own: the browser journeys' Toss.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  createTossStandIn(process.env.TOSS_SECRET_KEY ?? "").server.listen(
    Number(process.env.TOSS_PORT ?? 4174),
    "127.0.0.1",
  );
}
