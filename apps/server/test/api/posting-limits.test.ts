/**
 * Issue 31.9: Q&A questions and production requests have limits of their own, per account and
 * per IP (each is a public post or a row in the operators' queue, and a mail). A burst answers
 * §8's "Please try again later." and stores nothing more.
 */
import { CODES, productionCreateCall, qnaCreateCall, type TCall, type TCallInput } from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { productionRequests } from "../../src/db/schema/production";
import { qnaPosts } from "../../src/db/schema/qna";
import { RATE_BUCKETS } from "../../src/platform/rate-limit/index";
import { startContentServer, type TContentServer } from "../support/content-server";
import { uniqueIp } from "../support/factories";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const question: TCallInput<typeof qnaCreateCall> = {
  title: "How do I add motion steps?",
  category: "studio",
  body: "On my lamp.",
  images: [],
  is_private: false,
};
const request: TCallInput<typeof productionCreateCall> = {
  product_name: "Desk lamp",
  description: "A model of our lamp for the web shop.",
  purpose: "online_store",
  kind: "small_item",
  options: { motion: false, ar_ready: false },
  quantity: 1,
  wished_date: null,
  files: [],
};

describe("posting limits", () => {
  let s: TContentServer;
  beforeAll(async () => {
    // Limits on; each journey sends its own client IP (the proxy is trusted), so no run or
    // other test shares its counts.
    s = await startContentServer({ RATE_LIMITS_ENABLED: "true", TRUST_PROXY: "127.0.0.1" });
  });
  afterAll(() => s?.shutdown());

  async function send<C extends TCall>(call: C, input: TCallInput<C>, token: string, ip: string) {
    const res = await s.server.post(call.path, await s.server.envelope.wrap(input), {
      authorization: `Bearer ${token}`,
      "x-forwarded-for": ip,
    });
    return { http: res.status, body: res.json as { status: boolean; rescode: number; message: string } };
  }

  it.each([
    ["Q&A questions", qnaCreateCall, question, "qna-post-user", "qna-post-ip", qnaPosts],
    [
      "production requests",
      productionCreateCall,
      request,
      "production-request-user",
      "production-request-ip",
      productionRequests,
    ],
  ] as const)(
    "refuses a burst of %s per account and per IP, and stores none of the refused",
    async (_name, call, input, userBucket, ipBucket, table) => {
      const perUser = RATE_BUCKETS[userBucket]?.points ?? 0;
      const perIp = RATE_BUCKETS[ipBucket]?.points ?? 0;
      expect(perIp).toBeGreaterThan(perUser);
      const ip = uniqueIp();
      const count = () => s.platform.database.db.$count(table);
      const before = await count();
      const first = await s.user();
      for (let i = 0; i < perUser; i++)
        expect((await send(call, input, first.token, ip)).body.status).toBe(true);
      const tooMany = await send(call, input, first.token, uniqueIp());
      expect(tooMany.http).toBe(429);
      expect(tooMany.body).toMatchObject({
        rescode: CODES.rateLimited.rescode,
        message: "Please try again later.",
      });

      // Other accounts on the same IP share its limit.
      let accepted = perUser;
      while (accepted < perIp) {
        const next = await s.user();
        for (let i = 0; i < perUser && accepted < perIp; i++, accepted++) {
          expect((await send(call, input, next.token, ip)).body.status).toBe(true);
        }
      }
      const fresh = await s.user();
      const fromIp = await send(call, input, fresh.token, ip);
      expect(fromIp.http).toBe(429);
      expect(fromIp.body.rescode).toBe(CODES.rateLimited.rescode);
      // The same fresh account from elsewhere is welcome.
      expect((await send(call, input, fresh.token, uniqueIp())).body.status).toBe(true);
      expect(await count()).toBe(before + perIp + 1);
    },
  );
});
