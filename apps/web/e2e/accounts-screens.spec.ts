/**
 * Screenshots of the account pages for review (not a check): register (both steps, with an
 * error shown), sign-in, and the studio's account page, at 1280×800 and 390×844, per language.
 * Runs only with `ACCOUNTS_SHOTS_DIR=/tmp/shots-accounts`.
 */
import { join } from "node:path";
import type { Page } from "@playwright/test";
import {
  acc,
  fillSignIn,
  label,
  signUpEmailInput,
  signUpThroughPages,
  uniqueEmail,
  useOwnIp,
} from "./accounts-support";
import { expect, test, text, waitForApp } from "./fixtures";

const OUT_DIR = process.env.ACCOUNTS_SHOTS_DIR ?? "";
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

test.skip(OUT_DIR === "", "set ACCOUNTS_SHOTS_DIR to take the account screenshots");
test.describe.configure({ timeout: 180_000 });

async function shot(page: Page, name: string): Promise<void> {
  // Let transitions and fonts settle; this is a picture, not a check.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT_DIR, name), fullPage: true });
}

test("account pages", async ({ page, lang }) => {
  await useOwnIp(page);
  const email = uniqueEmail(`shots-${lang}`);
  await signUpThroughPages(page, lang, email, "secret12");

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const prefix = `${lang}-${viewport.name}`;

    await page.goto("/register");
    await waitForApp(page);
    await page.getByRole("button", { name: acc(lang, "register.next") }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await shot(page, `${prefix}-register-terms.png`);

    await page.getByRole("checkbox", { name: acc(lang, "register.agreeAll") }).check();
    await page.getByRole("button", { name: acc(lang, "register.next") }).click();
    await page.getByLabel(label(acc(lang, "register.emailId"))).fill("owner@company");
    await signUpEmailInput(page).fill(email);
    await page.getByTestId("send-code").click();
    await page.getByLabel(label(acc(lang, "register.password"))).fill("secret12");
    await page.getByLabel(label(acc(lang, "register.passwordRepeat"))).fill("secret13");
    await page.getByRole("button", { name: acc(lang, "register.submit") }).click();
    await expect(page.getByText(acc(lang, "validation.passwordMismatch"))).toBeVisible();
    await shot(page, `${prefix}-register-account.png`);

    await page.goto("/login");
    await waitForApp(page);
    await fillSignIn(page, lang, email, "wrong-pass9");
    await expect(page.getByRole("alert")).toBeVisible();
    await shot(page, `${prefix}-login.png`);

    await fillSignIn(page, lang, email, "secret12");
    await expect(page).toHaveURL(/\/Studio\/user$/);
    await page.goto("/Studio/user/account");
    await expect(page.getByTestId("account-email")).toHaveText(email);
    await shot(page, `${prefix}-account.png`);
    // The studio scrolls its main area, not the window.
    await page.locator("main").evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT_DIR, `${prefix}-account-bottom.png`) });
    await page.getByRole("button", { name: acc(lang, "account.delete.open") }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT_DIR, `${prefix}-account-delete.png`) });
    await page.keyboard.press("Escape");

    await page.goto("/price");
    await waitForApp(page);
    await shot(page, `${prefix}-price-signed-in.png`);
    await page.evaluate(() => localStorage.clear());
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(text(lang, "studio", "menu.account")).not.toBe("");
  }
});
