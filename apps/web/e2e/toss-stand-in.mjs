#!/usr/bin/env node
/**
 * Toss Payments' side of the card journey (billing-card.spec.ts), on 127.0.0.1:`TOSS_PORT`: its API
 * as documented (Basic auth `<secret key>:`, JSON) — billing key issue, charge by billing key with
 * `Idempotency-Key`, payment read-back by key and by order — and a stand-in for its browser SDK
 * (`/v2/standard`): `TossPayments(clientKey).payment({customerKey}).requestBillingAuth(…)` sends
 * the browser to the success URL with `customerKey` and `authKey`, as Toss's card window does once
 * a card is entered. A page that set `window.__tossCard = "declined"` gets a card that is refused.
 * The same protocol the server's API tests speak to (apps/server/test/api/billing-toss.test.ts).
 */
import { createServer } from "node:http";

const PORT = Number(process.env.TOSS_PORT ?? 4174);
const AUTH = `Basic ${Buffer.from(`${process.env.TOSS_SECRET_KEY ?? ""}:`).toString("base64")}`;

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

/** Payments by payment key; answers by Idempotency-Key. */
const records = new Map();
const answers = new Map();

createServer((req, res) => {
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
    res.setHeader("content-type", "application/json");
    const key = req.headers["idempotency-key"];
    const answer = (status, value) => {
      if (typeof key === "string") answers.set(key, { status, value });
      res.statusCode = status;
      res.end(JSON.stringify(value));
    };
    if (req.headers.authorization !== AUTH) {
      return answer(401, { code: "UNAUTHORIZED_KEY", message: "인증되지 않은 시크릿 키입니다." });
    }
    const earlier = typeof key === "string" ? answers.get(key) : undefined;
    if (earlier) {
      res.statusCode = earlier.status;
      return res.end(JSON.stringify(earlier.value));
    }
    let body = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return answer(400, { code: "INVALID_REQUEST", message: "잘못된 요청입니다." });
    }
    if (req.method === "POST" && path === "/v1/billing/authorizations/issue") {
      if (body.authKey !== "auth_good" && body.authKey !== "auth_declined") {
        return answer(400, { code: "INVALID_AUTH_KEY", message: "잘못된 authKey입니다." });
      }
      const card = body.authKey === "auth_declined" ? "declined" : "ok";
      return answer(200, { customerKey: body.customerKey, billingKey: `bk_${card}_${body.customerKey}` });
    }
    const charge = /^\/v1\/billing\/([^/]+)$/.exec(path);
    if (req.method === "POST" && charge) {
      const billingKey = decodeURIComponent(charge[1] ?? "");
      if (!billingKey.endsWith(`_${body.customerKey}`)) {
        return answer(400, { code: "NOT_MATCHES_CUSTOMER_KEY", message: "빌링키와 고객 키가 다릅니다." });
      }
      if (billingKey.startsWith("bk_declined")) {
        return answer(400, { code: "REJECT_CARD_PAYMENT", message: "한도초과 혹은 잔액부족입니다." });
      }
      const record = {
        paymentKey: `pk_${records.size + 1}_${Date.now()}`,
        orderId: String(body.orderId),
        status: "DONE",
        totalAmount: Number(body.amount),
      };
      records.set(record.paymentKey, record);
      return answer(200, { ...record, orderName: body.orderName, method: "카드" });
    }
    const byOrder = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
    const byKey = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (req.method === "GET" && (byOrder || byKey)) {
      const id = decodeURIComponent((byOrder ?? byKey)?.[1] ?? "");
      const record = byOrder ? [...records.values()].find((r) => r.orderId === id) : records.get(id);
      return record
        ? answer(200, record)
        : answer(404, { code: "NOT_FOUND_PAYMENT", message: "존재하지 않는 결제 정보 입니다." });
    }
    return answer(404, { code: "NOT_FOUND", message: "not found" });
  });
}).listen(PORT, "127.0.0.1");
