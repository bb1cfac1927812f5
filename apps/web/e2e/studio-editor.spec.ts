import { mkdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { contentUpdateCall } from "@vitrine/contract";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, oneAtATime, registerOwner } from "./owner-support";
import { shoot as shootTo } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.EDITOR_SHOTS_DIR ?? "/tmp/shots-editor";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const UPDATE_ROUTE = `**${contentUpdateCall.path}`;
const TABS = ["scene", "materials", "annotations", "motion", "specification"] as const;

const c = (lang: TLang, key: string) => text(lang, "content", key);
// Every step waits on frames of software WebGL; a minute is a slow frame, not a hang.
const slow = expect.configure({ timeout: 60_000 });

/** Shows a panel: the tab beside the model, or on phones the bar below it (opening the sheet). */
async function openTab(page: Page, lang: TLang, tab: string): Promise<void> {
  const name = c(lang, `tabs.${tab}`);
  const phoneBar = page.getByRole("navigation", { name: c(lang, "tabs.label") });
  if (await phoneBar.isVisible()) {
    const button = phoneBar.getByRole("button", { name });
    if ((await button.getAttribute("aria-pressed")) !== "true") await button.click();
    await slow(page.getByRole("region", { name })).toBeVisible();
  } else {
    await page.getByRole("tab", { name }).click();
    await slow(page.getByRole("tab", { name, selected: true })).toBeVisible();
  }
}

/** The centre of a marker on screen. */
async function centreOf(marker: Locator): Promise<{ x: number; y: number }> {
  const box = await marker.boundingBox();
  if (!box) throw new Error("marker has no box");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses no key into a field: the page itself has the focus. */
async function focusPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
}

test("studio editor: undo/redo, marker drag, leave guard, save states, panels", async ({
  page,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(1_200_000);
  mkdirSync(SHOTS, { recursive: true });
  const { email } = await registerOwner(request, baseURL ?? "http://127.0.0.1:4173", lang, "editor");
  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, OWNER_PASSWORD);
  await slow(page).toHaveURL(/\/Studio\/user$/);

  await page.goto("/Studio/user/contents");
  await slow(page.getByText(c(lang, "list.emptyTitle"))).toBeVisible();
  await page.locator("#content-upload-input").setInputFiles(FOX);
  const card = page.getByTestId("content-card").first();
  await slow(card.getByTestId("content-status")).toHaveAttribute("data-status", "ready", {
    timeout: 180_000,
  });

  await oneAtATime("studio-e2e", async () => {
    await card.getByRole("link", { name: "Fox" }).click();
    const editorUrl = /\/Studio\/user\/contents\/content_/;
    await slow(page).toHaveURL(editorUrl, { timeout: 60_000 });
    const view = page.getByTestId("viewer");
    await slow(view).toHaveAttribute("data-state", "ready", { timeout: 240_000 });
    const status = page.getByTestId("save-status");
    await slow(status).toContainText(c(lang, "editor.saved"));
    const undo = page.getByRole("button", { name: c(lang, "editor.undo"), exact: true });
    const redo = page.getByRole("button", { name: c(lang, "editor.redo"), exact: true });
    await expect(undo).toBeDisabled();

    // Two edits: the background colour, then a material's tone.
    await openTab(page, lang, "scene");
    const background = page.getByTestId("background-color");
    const backgroundBefore = await background.inputValue();
    await background.fill("#336699");
    await background.blur();
    await slow(status).toContainText(c(lang, "editor.unsaved"));
    await openTab(page, lang, "materials");
    const tone = page.getByTestId("material-tone").first();
    const toneBefore = await tone.inputValue();
    await tone.fill("#ff8800");
    await tone.blur();
    await slow(page.getByTestId("material-row").first()).toContainText(c(lang, "materials.customised"));

    // Undo (button): the tone goes back; the background change is still unsaved.
    await undo.click();
    await slow(tone).toHaveValue(toneBefore);
    await expect(status).toContainText(c(lang, "editor.unsaved"));
    // Undo (keys): the background goes back, and nothing is left unsaved.
    await focusPage(page);
    await page.keyboard.press("ControlOrMeta+z");
    await slow(status).toContainText(c(lang, "editor.saved"));
    await expect(undo).toBeDisabled();
    await openTab(page, lang, "scene");
    await slow(background).toHaveValue(backgroundBefore);
    // Redo: Ctrl/Cmd+Shift+Z brings the background back, Ctrl+Y the tone.
    await focusPage(page);
    await page.keyboard.press("ControlOrMeta+Shift+z");
    await slow(background).toHaveValue("#336699");
    await expect(status).toContainText(c(lang, "editor.unsaved"));
    await focusPage(page);
    await page.keyboard.press("Control+y");
    await slow(redo).toBeDisabled();
    await openTab(page, lang, "materials");
    await slow(tone).toHaveValue("#ff8800");

    // A marker: placed by a click on the model, then dragged over it.
    await openTab(page, lang, "annotations");
    await page.getByRole("button", { name: c(lang, "annotations.add") }).click();
    const box = await view.boundingBox();
    if (!box) throw new Error("viewer has no box");
    for (const [fx, fy] of [
      [0.5, 0.55],
      [0.5, 0.5],
      [0.45, 0.6],
      [0.55, 0.45],
    ] as const) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      if ((await page.getByTestId("annotation-item").count()) > 0) break;
    }
    await slow(page.getByTestId("annotation-item")).toHaveCount(1);
    const marker = page.locator(".vt-marker:not(.is-hidden)");
    await slow(marker).toHaveCount(1);
    const placed = await centreOf(marker);
    const stepsBeforeDrag = await undo.isEnabled();
    expect(stepsBeforeDrag).toBe(true);
    await page.mouse.move(placed.x, placed.y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i += 1) await page.mouse.move(placed.x + i * 5, placed.y + i * 2);
    await page.mouse.up();
    await slow
      .poll(async () => (await centreOf(marker)).x - placed.x, { timeout: 60_000 })
      .toBeGreaterThan(10);
    // The whole drag is one step: one undo puts the marker back where it was placed.
    await undo.click();
    await slow.poll(async () => Math.abs((await centreOf(marker)).x - placed.x)).toBeLessThan(2);
    await redo.click();
    await slow.poll(async () => (await centreOf(marker)).x - placed.x).toBeGreaterThan(10);
    await page.getByTestId("annotation-title").fill("Ear");
    // A second note: the first one's fields close (typing cannot land in them), and a click
    // beside the model places nothing and says so; cancelling leaves the first note as it was.
    await page.getByRole("button", { name: c(lang, "annotations.add") }).click();
    await slow(page.getByTestId("annotation-title")).toBeHidden();
    await page.mouse.click(box.x + box.width * 0.03, box.y + box.height * 0.04);
    await slow(page.getByRole("alert").getByText(c(lang, "editor.placeMissed"))).toBeVisible();
    await expect(page.getByTestId("annotation-item")).toHaveCount(1);
    await page.getByRole("button", { name: c(lang, "editor.cancelPlacing"), exact: true }).click();
    await page.getByTestId("annotation-item").click();
    await slow(page.getByTestId("annotation-title")).toHaveValue("Ear");

    // Leaving with unsaved changes asks; Stay keeps everything.
    await page.getByRole("link", { name: c(lang, "editor.back") }).click();
    const leave = page.getByRole("dialog", { name: c(lang, "editor.leaveTitle") });
    await slow(leave).toBeVisible();
    await leave.getByRole("button", { name: c(lang, "editor.stay") }).click();
    await slow(leave).toBeHidden();
    await expect(page).toHaveURL(editorUrl);
    await expect(page.getByTestId("annotation-title")).toHaveValue("Ear");
    await expect(status).toContainText(c(lang, "editor.unsaved"));
    // Closing the tab asks the browser's own question; dismissing it keeps the page.
    const asked = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);

    // A save that cannot reach the server says so and keeps the changes.
    await page.route(UPDATE_ROUTE, (route) => route.abort());
    await page.getByTestId("save-button").click();
    await slow(status).toHaveAttribute("data-state", "failed", { timeout: 120_000 });
    await expect(status).toContainText(c(lang, "editor.saveFailed"));
    await expect(page.getByTestId("annotation-title")).toHaveValue("Ear");
    await page.unroute(UPDATE_ROUTE);

    // A save held at the server's door shows "saving", then "saved" once it answers.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(UPDATE_ROUTE, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId("save-button").click();
    await slow(status).toHaveAttribute("data-state", "saving", { timeout: 120_000 });
    await expect(status).toContainText(c(lang, "editor.saving"));
    release();
    await slow(status).toHaveAttribute("data-state", "saved", { timeout: 120_000 });
    await expect(status).toContainText(c(lang, "editor.saved"));
    await page.unroute(UPDATE_ROUTE);

    // Saved: leaving does not ask.
    await page.getByRole("link", { name: c(lang, "editor.back") }).click();
    await slow(page).toHaveURL(/\/Studio\/user\/contents$/);
    await expect(leave).toHaveCount(0);

    // Every panel and the visitor preview, at desktop and phone size.
    await page.getByTestId("content-card").first().getByRole("link", { name: "Fox" }).click();
    await slow(view).toHaveAttribute("data-state", "ready", { timeout: 240_000 });
    for (const tab of TABS) {
      await openTab(page, lang, tab);
      await shoot(page, lang, `panel-${tab}`);
    }
    await page.getByRole("button", { name: c(lang, "editor.preview") }).click();
    const preview = page.getByTestId("preview");
    await slow(preview).toHaveAttribute("data-state", "ready", { timeout: 240_000 });
    await shoot(page, lang, "preview");
    await page.getByRole("button", { name: c(lang, "editor.closePreview") }).click();
    await slow(preview).toHaveCount(0);

    // The optimisation report: what processing did, from the uploaded file's size (the API test
    // checks every figure against the stored files).
    await page.getByRole("button", { name: c(lang, "editor.more") }).click();
    await page.getByRole("menuitem", { name: c(lang, "report.open") }).click();
    const report = page.getByRole("dialog", { name: c(lang, "report.title") });
    await expect(report.getByTestId("report-geometry")).toBeVisible();
    const uploaded = statSync(FOX).size / 1000;
    const kB = new Intl.NumberFormat(lang === "ko" ? "ko-KR" : "en-US", { maximumFractionDigits: 1 });
    await expect(report.getByTestId("report-before")).toHaveText(`${kB.format(uploaded)} kB`);
    await expect(report.getByTestId("report-saved")).toContainText(/\d/);
    // Fox's one clip: its keyframes in the upload, then fewer.
    await expect(report.getByTestId("report-motion")).toContainText("27,531 → ");
    await shoot(page, lang, "report");
    await page.keyboard.press("Escape");
    await expect(report).toHaveCount(0);

    await page.setViewportSize(PHONE);
    await shoot(page, lang, "reframed");
    for (const tab of TABS) {
      await openTab(page, lang, tab);
      await shoot(page, lang, `panel-${tab}`);
    }
    await page.getByRole("button", { name: c(lang, "editor.closePanel") }).click();
    await page.getByRole("button", { name: c(lang, "editor.more") }).click();
    await page.getByRole("menuitem", { name: c(lang, "editor.preview") }).click();
    await slow(preview).toHaveAttribute("data-state", "ready", { timeout: 240_000 });
    await shoot(page, lang, "preview");
  });

  expect(issues.pageErrors).toEqual([]);
  // The aborted save is the one resource failure this journey causes on purpose.
  expect(issues.consoleErrors.filter((e) => !e.includes(contentUpdateCall.path))).toEqual([]);
});
