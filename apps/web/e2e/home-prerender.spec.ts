/**
 * `/` arrives as HTML (issue 17): the build prerenders the landing page per language and the
 * server sends it to visitors who are not signed in; the app then takes the page over.
 */
import { expect, test, text, waitForApp } from "./fixtures";

test("the landing page shows before any script runs, in the visitor's language", async ({
  browser,
  lang,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: lang === "ko" ? "ko-KR" : "en-US",
  });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    text(lang, "marketing", "home.hero.title"),
  );
  await expect(page).toHaveTitle(`${text(lang, "marketing", "home.pageTitle")} · Vitrine`);
  const nav = page.getByRole("navigation", { name: text(lang, "common", "nav.main") });
  await expect(nav.getByRole("link", { name: text(lang, "common", "nav.price") })).toBeVisible();
  // Styled, not bare HTML: the hero's call to action is the brand's filled button.
  const cta = page.getByRole("link", { name: text(lang, "marketing", "home.hero.tryFree") }).first();
  await expect(cta).toHaveCSS("background-color", "rgb(72, 80, 230)");
  await context.close();
});

test("the app takes the page over without a loader or a shift, and / follows the language chosen", async ({
  page,
  lang,
  issues,
}) => {
  await page.addInitScript(() => {
    const seen = { loader: false, shift: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        seen.shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="full-page-loader"]')) seen.loader = true;
    }).observe(document, { subtree: true, childList: true });
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    text(lang, "marketing", "home.hero.title"),
  );
  const seen = await page.evaluate(
    () => (window as unknown as { seen: { loader: boolean; shift: number } }).seen,
  );
  expect(seen.loader).toBe(false);
  expect(seen.shift).toBeLessThan(0.01);

  // The switch works on the taken-over page, and the next visit to / comes in that language.
  const other = lang === "ko" ? "en" : "ko";
  await page
    .getByTestId("language-switch")
    .getByText(text(other, "common", `language.${other}`))
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    text(other, "marketing", "home.hero.title"),
  );
  const next = await page.request.get("/", { headers: { "accept-language": lang } });
  expect(await next.text()).toContain(`<html lang="${other}"`);
  expect(issues.pageErrors).toEqual([]);
  expect(issues.consoleErrors).toEqual([]);
});

test("a language picked on the page before the app has taken over is the one the app shows", async ({
  page,
  lang,
}) => {
  // Hold the app's entry back, as a slow phone would, so the switch is tapped on the HTML page.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.locator("#root[data-prerendered]")).toHaveCount(1);
  const other = lang === "ko" ? "en" : "ko";
  await page
    .getByTestId("language-switch")
    .getByText(text(other, "common", `language.${other}`))
    .click();
  release();
  await waitForApp(page);
  await expect(page.locator("html")).toHaveAttribute("lang", other);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    text(other, "marketing", "home.hero.title"),
  );
  expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe(other);
});

test("a signed-in browser gets the app's own shell for /", async ({ page, lang, baseURL }) => {
  const plain = await page.request.get("/", { headers: { cookie: "vt_signed_in=1" } });
  expect(await plain.text()).not.toContain("data-prerendered");
  const prerendered = await page.request.get("/");
  expect(await prerendered.text()).toContain("data-prerendered");
  // The app still shows the landing page there, in the visitor's language.
  await page.context().addCookies([{ name: "vt_signed_in", value: "1", url: baseURL ?? "" }]);
  await page.goto("/");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    text(lang, "marketing", "home.hero.title"),
  );
});
