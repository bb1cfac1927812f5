/**
 * Plans and payments (issue 12): the pricing page in each display state (visitor: try for free;
 * signed in without a plan: subscribe; subscribed: the current plan with its date), an owner
 * subscribes by bank transfer (review, consent, waiting for payment with the transfer details),
 * the operator confirms it in the console, the owner sees the receipt and the new plan, and makes
 * a password link. Desktop and phone, each language.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { adminUserTrialCall, CODES, shareLinkCreateCall, userInfoCall } from "@vitrine/contract";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import {
  OWNER_PASSWORD,
  registerOwner,
  SUPER_EMAIL,
  SUPER_PASSWORD,
  superToken,
  uploadReadyModel,
} from "./owner-support";
import { shoot as shootTo } from "./view-support";

const SHOTS = process.env.BILLING_SHOTS_DIR ?? "/tmp/shots-billing";
const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const p = (lang: TLang, key: string) => text(lang, "plans", key);

async function signIn(page: Page, lang: TLang, email: string, password: string, to: string) {
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(to);
  await waitForApp(page);
}

test("an owner subscribes by transfer, the operator confirms it, the owner has the plan", async ({
  page,
  browser,
  request,
  lang,
  baseURL,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const base = baseURL ?? "http://127.0.0.1:4173";
  const owner = await registerOwner(request, base, lang, "billing");
  const operatorToken = await superToken(owner.send);
  await useOwnIp(page);

  // The owner's trial ends (an operator sets its end a moment ahead): Basic limits, so a
  // password link is refused with the limit named.
  const me = await owner.send(userInfoCall, {}, owner.token);
  const userId = me.status ? (me.data.docs[0]?.user_id ?? "") : "";
  const trial = await owner.send(
    adminUserTrialCall,
    {
      user_id: userId,
      trial_ends_at: new Date(Date.now() + 3000).toISOString(),
      reason: "e2e: the trial ends",
    },
    operatorToken,
  );
  expect(trial.status).toBe(true);
  await expect
    .poll(
      async () => {
        const info = await owner.send(userInfoCall, {}, owner.token);
        return info.status ? info.data.docs[0]?.trial : null;
      },
      { timeout: 30_000 },
    )
    .toBe(false);
  const contentId = await uploadReadyModel(owner.send, base, owner.token, FOX);
  const refused = await owner.send(
    shareLinkCreateCall,
    { content_id: contentId, password: "secret12" },
    owner.token,
  );
  expect(refused.status ? 0 : refused.rescode).toBe(CODES.sharePasswordPlan.rescode);

  // Visitor: real prices, the amount charged today, try for free.
  await page.setViewportSize(DESKTOP);
  await page.goto("/price");
  await waitForApp(page);
  const standard = page.locator('[data-plan="standard"]');
  await expect(standard.getByTestId("charged-today")).toBeVisible();
  await expect(standard.getByRole("link", { name: p(lang, "cta.tryFree") })).toBeVisible();
  await shoot(page, lang, "price-visitor");
  await page.getByText(p(lang, "period.year")).first().click();
  await expect(standard.getByTestId("charged-today")).toContainText(lang === "ko" ? "매년" : "annually");

  // Signed in, no paid plan: subscribe.
  await signIn(page, lang, owner.email, OWNER_PASSWORD, "/price");
  await expect(standard.getByRole("link", { name: p(lang, "cta.subscribe") })).toBeVisible();
  await shoot(page, lang, "price-signed-in");
  await standard.getByRole("link", { name: p(lang, "cta.subscribe") }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=standard&period=month/);
  await expect(page.getByTestId("checkout-total")).toBeVisible();
  // Nothing is ticked in advance; paying without agreeing is refused on the page.
  for (const box of await page.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
  await shoot(page, lang, "checkout");
  await page
    .getByRole("button", { name: /.+/ })
    .filter({ hasText: p(lang, "checkout.pay") })
    .first()
    .click();
  await expect(page.getByText(p(lang, "checkout.mustAgree"))).toBeVisible();
  await page.getByRole("checkbox", { name: p(lang, "checkout.agree") }).check();
  await page
    .getByRole("button")
    .filter({ hasText: p(lang, "checkout.pay") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/payment\/payment_/);
  await expect(page.getByRole("heading", { name: p(lang, "payment.waitingTitle") })).toBeVisible();
  await expect(page.getByTestId("transfer-details")).toContainText("123-456789-01234");
  await shoot(page, lang, "waiting-for-payment");

  // The operator confirms it in the console.
  const operator = await browser.newPage({ viewport: DESKTOP, locale: lang === "ko" ? "ko-KR" : "en-US" });
  await useOwnIp(operator);
  await signIn(operator, lang, SUPER_EMAIL, SUPER_PASSWORD, "/Studio/admin/payments");
  const row = operator.getByTestId("payment-row").filter({ hasText: owner.email });
  await expect(row).toBeVisible();
  await shoot(operator, lang, "console-payments");
  await row.getByRole("button", { name: p(lang, "console.confirm") }).click();
  await operator
    .getByRole("dialog")
    .getByRole("button", { name: p(lang, "console.confirm") })
    .click();
  await expect(operator.getByTestId("payment-row").filter({ hasText: owner.email })).toHaveCount(0);
  await operator.close();

  // The owner sees the receipt, the plan on the pricing page and in the account.
  await page.getByRole("button", { name: p(lang, "payment.refresh") }).click();
  await expect(page.getByRole("heading", { name: p(lang, "payment.receiptTitle") })).toBeVisible();
  await shoot(page, lang, "receipt");
  await page.goto("/price");
  await expect(standard.getByText(p(lang, "cta.current"))).toBeVisible();
  await page.goto("/Studio/user/account");
  await expect(page.getByTestId("plan-billing")).toContainText(p(lang, "subscription.active"));
  await shoot(page, lang, "account-plan");
  const info = await owner.send(userInfoCall, {}, owner.token);
  expect(info.status && info.data.docs[0]).toMatchObject({ active_plane: "standard", payment_status: true });

  // Now the password link the trial's end refused (Standard and up).
  const link = await owner.send(
    shareLinkCreateCall,
    { content_id: contentId, password: "secret12" },
    owner.token,
  );
  expect(link.status).toBe(true);

  // Phone: the pricing page and the account's plan area fit.
  await page.setViewportSize(PHONE);
  await page.goto("/price");
  await expect(standard.getByText(p(lang, "cta.current"))).toBeVisible();
  await shoot(page, lang, "price-subscribed-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
