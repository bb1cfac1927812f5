/**
 * The operators' console (issue 12): the e2e super account signs in through the page, opens the
 * console home, finds an owner (registered through the API) by e-mail, extends its trial with a
 * reason and finds that action in the audit log; on a phone the same pages fit. A normal owner
 * opening /Studio/admin is told it is the operators' area.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { adminUserSearchCall, formatForLanguage, zonedParts } from "@vitrine/contract";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, registerOwner, SUPER_EMAIL, SUPER_PASSWORD, superToken } from "./owner-support";
import { shoot as shootTo } from "./view-support";

const SHOTS = process.env.CONSOLE_SHOTS_DIR ?? "/tmp/shots-console";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const a = (lang: TLang, key: string) => text(lang, "admin", key);
const codes = (lang: TLang, key: string) => text(lang, "codes", key);

/** `YYYY-MM-DD`, `days` from now, in the reader's zone (KST for Korean). */
function dayFromNow(lang: TLang, days: number): string {
  const p = zonedParts(Date.now() + days * 86_400_000, lang === "ko" ? "Asia/Seoul" : undefined);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

test("an operator extends an owner's trial and finds it in the audit log; an owner is kept out", async ({
  page,
  browser,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const base = baseURL ?? "http://127.0.0.1:4173";
  const owner = await registerOwner(request, base, lang, "console");
  // Sets the super account's password the first time (either language's worker).
  const superAtk = await superToken(owner.send);

  const accounts = async () => {
    const search = await owner.send(adminUserSearchCall, { q: "", page: 1 }, superAtk);
    if (!search.status) throw new Error("search failed");
    return search.data.total;
  };
  // Other journeys register accounts meanwhile: the console's count lies between these two.
  const accountsBefore = await accounts();

  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);
  // The console sends a signed-out visitor to sign in, then back to the console.
  await page.goto("/Studio/admin");
  await waitForApp(page);
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, lang, SUPER_EMAIL, SUPER_PASSWORD);
  await expect(page).toHaveURL(/\/Studio\/admin$/);

  // Home: real counts.
  const figures = page.getByTestId("console-figures");
  await expect(figures.getByText(a(lang, "home.users"), { exact: true })).toBeVisible();
  const label = a(lang, "home.users").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const shownAccounts = async () => {
    const shown = new RegExp(`${label}([\\d,]+)`).exec((await figures.textContent()) ?? "")?.[1] ?? "";
    return Number(shown.replace(/,/g, ""));
  };
  await expect.poll(shownAccounts).toBeGreaterThanOrEqual(accountsBefore);
  expect(await shownAccounts()).toBeLessThanOrEqual(await accounts());
  await shoot(page, lang, "home");

  // Accounts: find the owner and open it.
  await page
    .getByRole("navigation", { name: a(lang, "menuLabel") })
    .getByRole("link", { name: a(lang, "menu.users"), exact: true })
    .click();
  await page.getByLabel(a(lang, "users.searchLabel")).fill(owner.email);
  await page.getByRole("button", { name: a(lang, "users.search"), exact: true }).click();
  await expect(
    page.getByText(text(lang, "admin", "users.count_one").replace("{{count}}", "1")),
  ).toBeVisible();
  await shoot(page, lang, "users");
  await page.getByRole("link", { name: owner.email }).click();
  await expect(page.getByRole("heading", { name: owner.email })).toBeVisible();
  // Sign-up gave it the 14-day trial; the operator extends it to 30 days from today.

  // Extend the trial: the reason is required.
  const day = dayFromNow(lang, 30);
  await page.getByLabel(a(lang, "users.trialEnd")).fill(day);
  await page.getByRole("button", { name: a(lang, "users.trialSave") }).click();
  await expect(page.getByText(a(lang, "reason.required")).first()).toBeVisible();
  const reason = lang === "en" ? "Met at the Seoul trade fair" : "서울 박람회에서 만난 고객";
  await page.getByLabel(a(lang, "reason.label")).first().fill(reason);
  await page.getByRole("button", { name: a(lang, "users.trialSave") }).click();
  await expect(page.getByText(codes(lang, "adminDone")).first()).toBeVisible();
  const until = a(lang, "users.trialUntil").replace("{{date}}", day);
  await expect(page.getByText(until).first()).toBeVisible();
  await expect(page.getByTestId("audit-entry").filter({ hasText: reason })).toBeVisible();
  await shoot(page, lang, "user-detail");

  // The audit log, filtered by the owner's e-mail.
  await page
    .getByRole("navigation", { name: a(lang, "menuLabel") })
    .getByRole("link", { name: a(lang, "menu.audit"), exact: true })
    .click();
  await page.getByLabel(a(lang, "audit.filterTarget")).fill(owner.email);
  await page.getByRole("button", { name: a(lang, "audit.filter"), exact: true }).click();
  const entry = page.getByTestId("audit-entry").first();
  await expect(entry).toContainText(a(lang, "actions.user_trial"));
  await expect(entry).toContainText(reason);
  await expect(entry).toContainText(SUPER_EMAIL);
  await expect(entry).toContainText(formatForLanguage(`${day}T12:00:00Z`, lang, undefined, "date"));
  await shoot(page, lang, "audit");

  // Phone: the same pages fit the width.
  await page.setViewportSize(PHONE);
  await expect(entry).toContainText(reason);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  // The layout follows the new width in the next frames: wait for it, do not read it at once.
  await expect.poll(fits).toBe(true);
  await shoot(page, lang, "audit");
  await page.goto(`/Studio/admin/users?q=${encodeURIComponent(owner.email)}`);
  await expect(page.getByRole("link", { name: owner.email })).toBeVisible();
  await expect.poll(fits).toBe(true);
  await page.getByRole("link", { name: owner.email }).click();
  await expect(page.getByText(until).first()).toBeVisible();
  await expect.poll(fits).toBe(true);
  await shoot(page, lang, "user-detail");
  await page.goto("/Studio/admin/home");
  await expect(page.getByTestId("console-figures")).toBeVisible();
  await shoot(page, lang, "home");
  await page.goto("/Studio/admin/supers");
  await expect(page.getByText(SUPER_EMAIL)).toBeVisible();
  await shoot(page, lang, "supers");
  await page.setViewportSize(DESKTOP);
  await shoot(page, lang, "supers");
  await page.goto(`/Studio/admin/produced?q=${encodeURIComponent(owner.email)}`);
  await expect(page.getByText(a(lang, "produced.none"))).toBeVisible();
  await shoot(page, lang, "produced");

  // A normal owner is kept out.
  const ownerContext = await browser.newContext({ locale: lang === "ko" ? "ko-KR" : "en-US" });
  const ownerPage = await ownerContext.newPage();
  await useOwnIp(ownerPage);
  await ownerPage.setViewportSize(PHONE);
  await ownerPage.goto("/Studio/admin/users");
  await waitForApp(ownerPage);
  await expect(ownerPage).toHaveURL(/\/login$/);
  await fillSignIn(ownerPage, lang, owner.email, OWNER_PASSWORD);
  await expect(ownerPage).toHaveURL(/\/Studio\/admin\/users$/);
  await expect(ownerPage.getByRole("heading", { name: a(lang, "denied.title") })).toBeVisible();
  await shoot(ownerPage, lang, "denied");
  await ownerContext.close();

  expect(issues.pageErrors).toEqual([]);
});
