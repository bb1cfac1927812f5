/**
 * Helpers of the account journeys: unique addresses and client IPs per test, the outbox of the
 * e2e server (`DATA_DIR/outbox/*.eml`, read with a real MIME parser), and the sign-up journey
 * itself so other journeys can start from a fresh account.
 */

import { randomBytes, randomInt } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { expect, type TLang, text } from "./fixtures";

/** An address no other run has used (final suffix of 2–3 letters, as the e-mail rule wants). */
export function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now().toString(36)}${randomBytes(3).toString("hex")}@vitrine-e2e.com`;
}

/** A client IP of its own, so per-IP sign-in limits count this journey apart (the server trusts the e2e proxy header). */
export async function useOwnIp(page: Page): Promise<void> {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
}

function dataDir(): string {
  const dir = process.env.VITRINE_E2E_DATA_DIR;
  if (!dir) throw new Error("VITRINE_E2E_DATA_DIR is not set: run through playwright.config.ts");
  return dir;
}

/** Text of the newest mail to `to` in the e2e server's outbox; waits for it to arrive. */
export async function newestMailTo(to: string, after = 0): Promise<string> {
  const dir = join(dataDir(), "outbox");
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        let names: string[] = [];
        try {
          names = (await readdir(dir)).filter((n) => n.endsWith(".eml") && !n.startsWith(".")).sort();
        } catch {
          return false;
        }
        for (const name of names.slice(after).reverse()) {
          const mail = await simpleParser(await readFile(join(dir, name)));
          const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => v.address?.toLowerCase()),
          );
          if (recipients.includes(to.toLowerCase())) {
            found = mail.text ?? "";
            return true;
          }
        }
        return false;
      },
      {
        message: `no mail to ${to} in ${dir} (is another server reusing port 4173 with its own DATA_DIR?)`,
        timeout: 15_000,
      },
    )
    .toBe(true);
  return found ?? "";
}

/** How many mails the outbox holds now (so a later read can skip older ones). */
export async function outboxCount(): Promise<number> {
  try {
    return (await readdir(join(dataDir(), "outbox"))).filter((n) => n.endsWith(".eml")).length;
  } catch {
    return 0;
  }
}

/** The 6-digit verification code of a mail. */
export function codeIn(mailText: string): string {
  const code = /\b(\d{6})\b/.exec(mailText)?.[1];
  if (!code) throw new Error("no 6-digit code in the mail");
  return code;
}

/** The path of the password reset link of a mail (`/passwd/reset/<token>`). */
export function resetPathIn(mailText: string): string {
  const path = /\/passwd\/reset\/[A-Za-z0-9_-]+/.exec(mailText)?.[0];
  if (!path) throw new Error("no reset link in the mail");
  return path;
}

/** Translation of the accounts namespace. */
export const acc = (lang: TLang, key: string) => text(lang, "accounts", key);
/** Translation of the codes namespace. */
export const codes = (lang: TLang, key: string) => text(lang, "codes", key);

/** A label matcher that ignores the required-field asterisk. */
export function label(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`);
}

/** The e-mail address input of the sign-up form (the e-mail ID has its own). */
export const signUpEmailInput = (page: Page) => page.locator("input[autocomplete=email]");

/**
 * Signs up through the pages: consents (agree all), e-mail ID and address, the code read from
 * the outbox, password; ends on `/login` with the 'membership completed' notice.
 */
export async function signUpThroughPages(page: Page, lang: TLang, email: string, password: string) {
  await page.goto("/register");
  await page.getByRole("checkbox", { name: acc(lang, "register.agreeAll") }).check();
  await page.getByRole("button", { name: acc(lang, "register.next") }).click();
  await page.getByLabel(label(acc(lang, "register.emailId"))).fill(email);
  await signUpEmailInput(page).fill(email);
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("email-status")).toHaveText(codes(lang, "emailSent"));
  const code = codeIn(await newestMailTo(email));
  await page.getByLabel(label(acc(lang, "register.code"))).fill(code);
  await page.getByTestId("verify-code").click();
  await expect(page.getByTestId("code-status")).toHaveText(codes(lang, "emailVerified"));
  await expect(page.getByTestId("send-code")).toHaveText(acc(lang, "register.verified"));
  await page.getByLabel(label(acc(lang, "register.password"))).fill(password);
  await page.getByLabel(label(acc(lang, "register.passwordRepeat"))).fill(password);
  await page.getByRole("button", { name: acc(lang, "register.submit") }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(codes(lang, "membershipCompleted"))).toBeVisible();
}

/** Signs in through `/login` (the page must be open). */
export async function fillSignIn(page: Page, lang: TLang, email: string, password: string) {
  await page.getByLabel(label(acc(lang, "login.email"))).fill(email);
  await page.getByLabel(label(acc(lang, "login.password"))).fill(password);
  await page.getByRole("button", { name: acc(lang, "login.submit"), exact: true }).click();
}
