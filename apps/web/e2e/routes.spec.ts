import { expect, test, text, waitForApp } from "./fixtures";

/** Every route of SPEC §2, with sample values for its parameters. */
const ROUTES = [
  "/",
  "/login",
  "/register",
  "/forgotpass",
  "/passwd/reset/sample-reset-token",
  "/404",
  "/500",
  "/share/sample-share-id",
  "/user_terms",
  "/terms_detail",
  "/price",
  "/Reference",
  "/ShowCase/",
  "/Channel/sample-channel-id",
  "/ShowRoom",
  "/Studio/user/",
  "/qnalist",
  "/qnawrite",
  "/qnacontentdetails",
  "/qnanewlist",
  "/embed",
  "/embedReactTest",
  "/an-unknown-path",
];

test.describe("every route renders", () => {
  for (const route of ROUTES) {
    test(`${route} renders its page without errors`, async ({ page, lang, issues }) => {
      await page.goto(route);
      await waitForApp(page);
      const landmark = page.locator("h1:visible, main:visible").first();
      await expect(landmark).toBeVisible();
      await expect(page.getByText(text(lang, "common", "errors.unexpected.title"))).toHaveCount(0);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      // Let lazy work and first calls settle before judging the console.
      await page.waitForLoadState("networkidle");
      expect(issues.pageErrors).toEqual([]);
      expect(issues.consoleErrors).toEqual([]);
    });
  }
});

test.describe("error pages", () => {
  test("/404 explains and leads home", async ({ page, lang, issues }) => {
    await page.goto("/404");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      text(lang, "common", "errors.notFound.title"),
    );
    await expect(page).toHaveTitle(new RegExp(text(lang, "common", "errors.notFound.title")));
    await page.getByRole("link", { name: text(lang, "common", "errors.goHome") }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(issues.pageErrors).toEqual([]);
  });

  test("/500 explains and offers a retry and the way home", async ({ page, lang }) => {
    await page.goto("/500");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      text(lang, "common", "errors.server.title"),
    );
    await expect(page.getByRole("button", { name: text(lang, "common", "errors.retry") })).toBeVisible();
    await expect(page.getByRole("link", { name: text(lang, "common", "errors.goHome") })).toBeVisible();
  });

  test("an unknown path shows the feed page, not an error page", async ({ page, lang }) => {
    await page.goto("/this/does/not/exist");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(
      text(lang, "common", "errors.notFound.title"),
    );
    await expect(page.getByText(text(lang, "common", "errors.unexpected.title"))).toHaveCount(0);
  });
});
