/**
 * Shared helpers of the browser journeys: the language under test (from the project), its
 * translations, the published client config, and a record of console errors and page errors.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, expect, type Page } from "@playwright/test";

/** The languages the projects run in. */
export type TLang = "en" | "ko";

const localesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "i18n", "locales");

/** Reads a translation namespace of a language. */
export function readLocale(lang: TLang, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(localesDir, lang, `${ns}.json`), "utf8")) as Record<string, unknown>;
}

/** Looks up a dotted key in a namespace (`common`, `nav.price`). */
export function text(lang: TLang, ns: string, key: string): string {
  const value = key.split(".").reduce<unknown>(
    (node, part) => {
      if (typeof node !== "object" || node === null) return undefined;
      return (node as Record<string, unknown>)[part];
    },
    readLocale(lang, ns),
  );
  if (typeof value !== "string") throw new Error(`missing translation ${lang}/${ns}:${key}`);
  return value;
}

/** The published client config's support contacts. */
export interface TSupport {
  phone: string;
  email: string;
}

/** Problems a page reported while a test ran. */
export interface TPageIssues {
  /** Console messages of type error (expected 4xx answers of our API excluded). */
  consoleErrors: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
}

// A 4xx answer of our API is a normal business answer (not found, validation…); Chromium still
// logs the response status as a console error, which is no fault of the page.
function isExpectedApiStatus(message: string, url: string): boolean {
  return (
    /Failed to load resource: the server responded with a status of 4\d\d/.test(message) &&
    url.includes("/api/")
  );
}

/** Starts recording console errors and page errors of `page`. */
export function recordIssues(page: Page): TPageIssues {
  const issues: TPageIssues = { consoleErrors: [], pageErrors: [] };
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    if (isExpectedApiStatus(msg.text(), msg.location().url)) return;
    issues.consoleErrors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on("pageerror", (error) => issues.pageErrors.push(String(error)));
  return issues;
}

/** Waits until the app has booted (config loaded, first route rendered). */
export async function waitForApp(page: Page): Promise<void> {
  // `/` arrives prerendered (issue 17): the app has taken over once the marker is gone.
  await expect(page.locator("#root[data-prerendered]")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId("full-page-loader")).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(() => page.evaluate(() => document.getElementById("root")?.getBoundingClientRect().height ?? 0))
    .toBeGreaterThan(0);
}

/** Test with `lang`, `support` and `issues` fixtures. */
export const test = base.extend<{ lang: TLang; support: TSupport; issues: TPageIssues }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from the destructuring.
  lang: async ({}, use, testInfo) => {
    await use(testInfo.project.name === "ko" ? "ko" : "en");
  },
  support: async ({ request }, use) => {
    const res = await request.get("/api/client-config");
    expect(res.ok()).toBe(true);
    const config = (await res.json()) as { support: TSupport };
    await use(config.support);
  },
  issues: async ({ page }, use) => {
    await use(recordIssues(page));
  },
});

export { expect };
