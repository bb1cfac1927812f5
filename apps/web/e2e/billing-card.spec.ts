/**
 * Paying by card (issue 12): an owner picks Toss Payments at checkout, the page loads Toss's SDK
 * from the configured origin (its CSP opened to it) and opens the card window, which comes back to
 * `/payment/:id`; the page finishes the payment there and shows the receipt, and the plan is
 * active. A refused card comes back to the failure and no plan. Toss's API and card window are
 * the stand-in `apps/server/test/support/toss-stand-in.ts` (playwright.config.ts starts it beside the server). Each
 * language; KRW, the currency Toss takes.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { userInfoCall } from "@vitrine/contract";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, registerOwner } from "./owner-support";
import { shoot as shootTo } from "./view-support";

const SHOTS = process.env.BILLING_SHOTS_DIR ?? "/tmp/shots-billing";
const PORT = Number(process.env.E2E_PORT ?? 4173);

// Toss sends the payer back to the server's PUBLIC_URL (its default, `http://localhost:<port>`):
// the journey runs on that origin, where the tab's session is.
const BASE = `http://localhost:${PORT}`;
test.use({ baseURL: BASE });
const p = (lang: TLang, key: string) => text(lang, "plans", key);

/** Signs in, opens the KRW checkout of Standard, picks the card and pays. */
async function payByCard(page: Page, lang: TLang, email: string) {
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, OWNER_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/checkout?plan=standard&period=month&currency=KRW");
  await waitForApp(page);
  await expect(page.getByTestId("checkout-total")).toContainText("₩");
  await page.getByRole("radio", { name: p(lang, "providers.toss") }).check();
  await page.getByRole("checkbox", { name: p(lang, "checkout.agree") }).check();
  // Toss's card window sends the payer back with the keys it issued (the page then takes them
  // out of the address bar).
  const back = page.waitForRequest(
    (r) => /\/payment\/payment_[^?]+\?customerKey=.+&authKey=auth_/.test(r.url()) && r.isNavigationRequest(),
  );
  await page
    .getByRole("button")
    .filter({ hasText: p(lang, "checkout.pay") })
    .first()
    .click();
  await back;
}

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await useOwnIp(page);
});

test("an owner pays by card through Toss and has the plan at once", async ({ page, request, lang }) => {
  const owner = await registerOwner(request, BASE, lang, "card");
  await payByCard(page, lang, owner.email);
  await expect(page.getByRole("heading", { name: p(lang, "payment.receiptTitle") })).toBeVisible();
  await shootTo(SHOTS, page, lang, "card-receipt");
  const info = await owner.send(userInfoCall, {}, owner.token);
  expect(info.status && info.data.docs[0]).toMatchObject({ active_plane: "standard", payment_status: true });
  // A reload of the return page charges nothing more and still shows the receipt.
  await page.reload();
  await expect(page.getByRole("heading", { name: p(lang, "payment.receiptTitle") })).toBeVisible();
});

test("a refused card comes back to the failure, and the plan does not change", async ({
  page,
  request,
  lang,
}) => {
  const owner = await registerOwner(request, BASE, lang, "card-declined");
  await page.addInitScript(() => {
    (window as unknown as { __tossCard: string }).__tossCard = "declined";
  });
  await payByCard(page, lang, owner.email);
  const failed = page.getByTestId("card-failed");
  await expect(failed).toContainText(p(lang, "payment.cardFailedTitle"));
  await expect(failed).toContainText(p(lang, "payment.cardFailed"));
  await shootTo(SHOTS, page, lang, "card-refused");
  const info = await owner.send(userInfoCall, {}, owner.token);
  expect(info.status && info.data.docs[0]).toMatchObject({ payment_status: false });
});
