import { expect, test, text, waitForApp } from "./fixtures";

test("the context menu is prevented everywhere", async ({ page }) => {
  await page.goto("/");
  await waitForApp(page);
  const prevented = await page.evaluate(() =>
    ["body", "h1", "header", "footer"].map((selector) => {
      const target = document.querySelector(selector) ?? document.body;
      const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true, button: 2 });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    }),
  );
  expect(prevented).toEqual([true, true, true, true]);
});

test("the body is as tall as the window, also after a resize", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForApp(page);
  expect(await page.evaluate(() => document.body.style.height)).toBe("800px");
  await page.setViewportSize({ width: 1280, height: 650 });
  await expect.poll(() => page.evaluate(() => document.body.style.height)).toBe("650px");
});

test("the language follows the browser and is stored under i18nextLng", async ({ page, lang }) => {
  // Only the visitor's language's texts are downloaded (a chunk per language).
  const bundles: string[] = [];
  page.on("request", (request) => {
    const name = /\/assets\/bundle-(\w+)-/.exec(request.url())?.[1];
    if (name) bundles.push(name);
  });
  for (const path of ["/", "/price"]) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const nav = page.getByRole("navigation", { name: text(lang, "common", "nav.main") });
    await expect(nav.getByRole("link", { name: text(lang, "common", "nav.price") })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe(lang);
  }
  expect([...new Set(bundles)]).toEqual([lang]);
});

test("the header switch changes the language and keeps it", async ({ page, lang }) => {
  const other = lang === "ko" ? "en" : "ko";
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForApp(page);
  await page
    .getByTestId("language-switch")
    .getByText(text(other, "common", `language.${other}`))
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", other);
  const nav = page.getByRole("navigation", { name: text(other, "common", "nav.main") });
  await expect(nav.getByRole("link", { name: text(other, "common", "nav.price") })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe(other);

  // Kept while moving around the app and after a reload.
  await nav.getByRole("link", { name: text(other, "common", "nav.price") }).click();
  await expect(page).toHaveURL(/\/price$/);
  await expect(page.locator("html")).toHaveAttribute("lang", other);
  await page.reload();
  await waitForApp(page);
  await expect(page.locator("html")).toHaveAttribute("lang", other);
  await expect(
    page.getByRole("navigation", { name: text(other, "common", "nav.main") }).getByRole("link", {
      name: text(other, "common", "nav.showroom"),
    }),
  ).toBeVisible();
});

test("a chunk that fails to load reloads the page, without an error message", async ({ page, lang }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  let aborted = 0;
  await page.route(/\/assets\/PricePage-[^/]+\.js$/, async (route) => {
    if (aborted === 0) {
      aborted++;
      await route.abort("failed");
      return;
    }
    await route.continue();
  });
  let loads = 0;
  page.on("load", () => {
    loads++;
  });
  await page.goto("/");
  await waitForApp(page);
  await page.evaluate(() => Reflect.set(window, "__beforeReload", true));
  await page
    .getByRole("navigation", { name: text(lang, "common", "nav.main") })
    .getByRole("link", { name: text(lang, "common", "nav.price") })
    .click();

  await expect.poll(() => loads).toBe(2);
  expect(aborted).toBe(1);
  await waitForApp(page);
  expect(await page.evaluate(() => Reflect.get(window, "__beforeReload") ?? false)).toBe(false);
  await expect(page).toHaveURL(/\/price$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(text(lang, "common", "errors.unexpected.title"))).toHaveCount(0);
});

test("the outage message shows when the client config cannot be loaded", async ({ page, lang }) => {
  await page.route("**/api/client-config", (route) => route.abort("connectionrefused"));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    text(lang, "common", "errors.outage.title"),
  );
  await expect(page.getByText(text(lang, "codes", "serviceUnavailable"))).toBeVisible();
});
