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

  // Form pages: no floating button (quick contact or chat) sits on the fields.
  for (const path of ["/business-connect", "/qnawrite"]) {
    test(`keeps floating buttons off the form on ${path}`, async ({ page, lang }) => {
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("quick-contact")).toHaveCount(0);
      const chat = page.getByRole("button", { name: text(lang, "chat", "open") });
      await expect(chat).toHaveCount(0);
      // Wider, where they sit beside the form, they are back.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(chat).toBeVisible();
      await expect(page.getByTestId("quick-contact")).toBeVisible();
    });
  }
});

test.describe("quick-contact widget on desktops (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const path of SHOWN) {
    test(`shows the Quick panel at bottom 30px on ${path}, folded until opened`, async ({
      page,
      lang,
      support,
    }) => {
      await page.goto(path);
      const widget = page.getByTestId("quick-contact");
      await expect(widget).toBeVisible();
      await expect(widget).toHaveAttribute("data-variant", "panel");
      await expect(widget).toHaveAttribute("data-state", "folded");
      await expect(widget).toHaveCSS("bottom", "30px");
      await widget.getByRole("button", { name: text(lang, "common", "quick.open") }).click();
      await expect(widget).toHaveAttribute("data-state", "open");
      await expect(widget).toHaveCSS("bottom", "30px");
      await expect(widget).toContainText(text(lang, "common", "quick.title"));
      await expect(widget.getByTestId("quick-contact-phone")).toHaveText(support.phone);
      await expect(widget.getByRole("link", { name: support.email })).toHaveAttribute(
        "href",
        `mailto:${support.email}`,
      );
    });
  }

  test("keeps the visitor's open or folded choice from page to page", async ({ page, lang }) => {
    await page.goto("/");
    const widget = page.getByTestId("quick-contact");
    await widget.getByRole("button", { name: text(lang, "common", "quick.open") }).click();
    await page
      .getByRole("navigation", { name: text(lang, "common", "nav.main") })
      .getByRole("link", { name: text(lang, "common", "nav.price") })
      .click();
    await expect(page).toHaveURL(/\/price$/);
    await page.reload();
    await expect(widget).toHaveAttribute("data-state", "open");
    await widget.getByRole("button", { name: text(lang, "common", "quick.fold") }).click();
    await expect(widget).toHaveAttribute("data-state", "folded");
    await page.goto("/");
    await expect(widget).toHaveAttribute("data-state", "folded");
  });

  // What the panel used to cover on first view: the figures on the home page, the last plan
  // card ("Contact us") on /price, the question form on /qnawrite (for a visitor: its sign-in notice).
  const COVERED = [
    { path: "/", testId: "home-stat", what: "the home figures" },
    { path: "/price", testId: "plan-card", what: "the plan cards" },
    { path: "/qnawrite", testId: "qna-login-required", what: "the sign-in notice" },
  ];
  for (const item of COVERED) {
    test(`leaves ${item.what} uncovered at first view on ${item.path}`, async ({ page }) => {
      await page.goto(item.path);
      const widget = page.getByTestId("quick-contact");
      await expect(widget).toBeVisible();
      const targets = page.getByTestId(item.testId);
      await expect(targets.first()).toBeVisible();
      const panel = await widget.boundingBox();
      if (!panel) throw new Error("no Quick panel box");
      const boxes = await targets.evaluateAll((nodes) =>
        nodes.map((node) => {
          const r = node.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      expect(boxes.length).toBeGreaterThan(0);
      const overlapping = boxes.filter(
        (b) =>
          b.x < panel.x + panel.width &&
          panel.x < b.x + b.width &&
          b.y < panel.y + panel.height &&
          panel.y < b.y + b.height,
      );
      expect(overlapping, `${item.what} under the Quick panel ${JSON.stringify(panel)}`).toEqual([]);
    });
  }

  test("the open panel fits beside the page column on a wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.goto("/price");
    const widget = page.getByTestId("quick-contact");
    await expect(widget).toHaveAttribute("data-state", "open");
    const panel = await widget.boundingBox();
    const cards = await page
      .getByTestId("plan-card")
      .evaluateAll((nodes) => Math.max(...nodes.map((node) => node.getBoundingClientRect().right)));
    expect(panel && cards < panel.x).toBe(true);
  });

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
