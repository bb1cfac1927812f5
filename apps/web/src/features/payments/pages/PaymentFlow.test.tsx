/**
 * Checkout and the return page with card providers (issue 12): only the providers the server
 * lists are offered (and only for a currency they take); coming back from Toss's card window
 * finishes the payment with its keys and shows the receipt; a closed window shows that nothing
 * was charged and offers to try again, without asking the server to charge.
 */
import { cleanup, screen, within } from "@testing-library/react";
import {
  DEFAULT_CATALOGUE,
  paymentDetailCall,
  paymentReturnCall,
  planCatalogueCall,
  type TPaymentDoc,
  userInfoCall,
} from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useSession } from "../../../stores/session";
import { useUserInfo } from "../../../stores/user-info";
import { renderPage } from "../../../test/test-render";
import { ok, startTestApi, type TTestApi } from "../../../test/test-support";
import CheckoutPage from "./CheckoutPage";
import PaymentPage from "./PaymentPage";

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => useSession.setState({ accessToken: "token-1", userId: null }));
afterEach(async () => {
  cleanup();
  // A call a page started just before it was taken down lands here, not in the next test.
  await new Promise((resolve) => setTimeout(resolve, 300));
  server.reset();
  useSession.setState({ accessToken: null, userId: null });
  useUserInfo.getState().clear();
});

const PAYMENT_ID = "payment_0d3f7a52-8a7e-4c1e-9d55-2f5a4a0b6e11";

function payment(changes: Partial<TPaymentDoc>): TPaymentDoc {
  return {
    payment_id: PAYMENT_ID,
    status: "pending",
    kind: "new",
    plan: "standard",
    period: "month",
    currency: "KRW",
    amount: 29_000,
    provider: "toss",
    auto_renew: true,
    transfer: null,
    period_start: null,
    period_end: null,
    created_at: "2026-11-24T09:00:00.000Z",
    paid_at: null,
    note: null,
    ...changes,
  };
}

describe("checkout with card providers", { timeout: 30_000 }, () => {
  it("offers only bank transfer when the server lists nothing else", async () => {
    // Twice: the first mount may wait for the language files and mount again.
    for (let i = 0; i < 2; i++) {
      server.reply(planCatalogueCall.path, ok({ docs: [...DEFAULT_CATALOGUE], providers: ["manual"] }));
    }
    await renderPage(<CheckoutPage />, { url: "/checkout?plan=standard&currency=KRW" });
    expect(await screen.findByText(/Payment by bank transfer/)).toBeTruthy();
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByText("Card (Toss Payments)")).toBeNull();
  });

  it.each([
    ["KRW", ["Bank transfer (confirmed by our team)", "Card (Toss Payments)", "Card (Stripe)"]],
    ["USD", ["Bank transfer (confirmed by our team)", "Card (Stripe)"]],
  ] as const)(
    "offers the configured card providers in %s (Toss only for won)",
    async (currency, expected) => {
      server.reply(
        planCatalogueCall.path,
        ok({ docs: [...DEFAULT_CATALOGUE], providers: ["manual", "toss", "stripe"] }),
      );
      await renderPage(<CheckoutPage />, { url: `/checkout?plan=standard&currency=${currency}` });
      expect(await screen.findByLabelText(expected[0])).toBeTruthy();
      expect(screen.getAllByRole("radio")).toHaveLength(expected.length);
      for (const name of expected) expect(screen.getByLabelText(name)).toBeTruthy();
    },
  );
});

describe("the return page", { timeout: 30_000 }, () => {
  it("finishes a Toss payment with the card window's keys and shows the receipt", async () => {
    server.reply(
      paymentReturnCall.path,
      ok({
        doc: payment({
          status: "paid",
          paid_at: "2026-11-24T09:01:00.000Z",
          period_end: "2026-12-24T09:01:00.000Z",
        }),
      }),
    );
    server.reply(userInfoCall.path, ok({ docs: [] }));
    await renderPage(<PaymentPage />, {
      path: "/payment/:id",
      url: `/payment/${PAYMENT_ID}?customerKey=user_1&authKey=auth_abc`,
    });
    expect(await screen.findByRole("heading", { name: "Receipt" })).toBeTruthy();
    expect(screen.getByText("Card (Toss Payments)")).toBeTruthy();
    const sent = server.calls.filter((c) => c.path === paymentReturnCall.path);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload).toEqual({
      payment_id: PAYMENT_ID,
      auth_key: "auth_abc",
      customer_key: "user_1",
    });
  });

  it("a closed card window: nothing charged, try again, and no charge asked of the server", async () => {
    for (let i = 0; i < 2; i++) server.reply(paymentDetailCall.path, ok({ doc: payment({}) }));
    await renderPage(<PaymentPage />, {
      path: "/payment/:id",
      url: `/payment/${PAYMENT_ID}?failed=1&code=PAY_PROCESS_CANCELED&message=canceled`,
    });
    const notice = await screen.findByTestId("card-failed");
    expect(within(notice).getByText(/Nothing was charged/)).toBeTruthy();
    expect(within(notice).getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(
      "/checkout?plan=standard&period=month&currency=KRW",
    );
    expect(server.calls.some((c) => c.path === paymentReturnCall.path)).toBe(false);
  });

  it("reads a fail URL whose query Toss joined with a second question mark", async () => {
    for (let i = 0; i < 2; i++) server.reply(paymentDetailCall.path, ok({ doc: payment({}) }));
    await renderPage(<PaymentPage />, {
      path: "/payment/:id",
      url: `/payment/${PAYMENT_ID}?failed=1?code=PAY_PROCESS_CANCELED&message=canceled`,
    });
    expect(await screen.findByTestId("card-failed")).toBeTruthy();
    expect(server.calls.some((c) => c.path === paymentReturnCall.path)).toBe(false);
  });

  it("a refused card shows the payment failed", async () => {
    server.reply(
      paymentReturnCall.path,
      ok({ doc: payment({ status: "failed", note: "REJECT_CARD_PAYMENT: limit exceeded" }) }),
    );
    await renderPage(<PaymentPage />, {
      path: "/payment/:id",
      url: `/payment/${PAYMENT_ID}?customerKey=user_1&authKey=auth_refused`,
      language: "ko",
    });
    const notice = await screen.findByTestId("card-failed");
    expect(within(notice).getByText("카드에서 결제되지 않았으며 요금제도 바뀌지 않았습니다.")).toBeTruthy();
    expect(screen.getByText("REJECT_CARD_PAYMENT: limit exceeded")).toBeTruthy();
  });
});
