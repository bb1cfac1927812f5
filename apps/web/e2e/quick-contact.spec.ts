import { expect, test, text, waitForApp } from "./fixtures";

const SHOWN = ["/", "/price"];
const HIDDEN = [
  "/ShowRoom",
  "/showroom",
  "/Studio/user/",
  "/user_terms",
  "/login",
  "/share/sample-share-id",
  "/forgotpass",
  "/register",
  "/terms_detail",
  "/ShowCase/",
  "/Channel/x",
  "/embed",
  "/Reference",
];

test.describe("quick-contact widget on phones (400 px)", () => {
  test.use({ viewport: { width: 400, height: 800 } });

  for (const path of SHOWN) {
    test(`shows call and mail buttons at bottom 80px on ${path}`, async ({ page, lang, support }) => {
      await page.goto(path);
      const widget = page.getByTestId("quick-contact");
      await expect(widget).toBeVisible();
      await expect(widget).toHaveAttribute("data-variant", "icons");
      await expect(widget).toHaveCSS("bottom", "80px");
      await expect(widget).toHaveCSS("position", "fixed");
      const call = widget.getByRole("link", { name: text(lang, "common", "quick.call") });
      const mail = widget.getByRole("link", { name: text(lang, "common", "quick.mail") });
      await expect(call).toHaveAttribute("href", `tel:${support.phone.replace(/[^\d+]/g, "")}`);
      await expect(mail).toHaveAttribute("href", `mailto:${support.email}`);
    });
  }

  for (const path of HIDDEN) {
    test(`is hidden on ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByTestId("quick-contact")).toHaveCount(0);
    });
  }
});

test.describe("quick-contact widget on desktops (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const path of SHOWN) {
    test(`shows the Quick panel at bottom 30px on ${path}`, async ({ page, lang, support }) => {
      await page.goto(path);
      const widget = page.getByTestId("quick-contact");
      await expect(widget).toBeVisible();
      await expect(widget).toHaveAttribute("data-variant", "panel");
      await expect(widget).toHaveCSS("bottom", "30px");
      await expect(widget).toContainText(text(lang, "common", "quick.title"));
      await expect(widget.getByTestId("quick-contact-phone")).toHaveText(support.phone);
      await expect(widget.getByRole("link", { name: support.email })).toHaveAttribute(
        "href",
        `mailto:${support.email}`,
      );
    });
  }

  for (const path of HIDDEN) {
    test(`is hidden on ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByTestId("quick-contact")).toHaveCount(0);
    });
  }

  test("switches layout when the window narrows", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("quick-contact")).toHaveAttribute("data-variant", "panel");
    await page.setViewportSize({ width: 576, height: 800 });
    await expect(page.getByTestId("quick-contact")).toHaveAttribute("data-variant", "icons");
  });

  test("hides when navigating in the app to a hidden page", async ({ page, lang }) => {
    await page.goto("/");
    await expect(page.getByTestId("quick-contact")).toBeVisible();
    await page
      .getByRole("navigation", { name: text(lang, "common", "nav.main") })
      .getByRole("link", { name: text(lang, "common", "nav.showroom") })
      .click();
    await expect(page).toHaveURL(/\/ShowRoom$/);
    await expect(page.getByTestId("quick-contact")).toHaveCount(0);
  });
});
