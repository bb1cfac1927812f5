import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, oneAtATime, registerOwner } from "./owner-support";
import { pixelsUnlike, shoot as shootTo } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.STUDIO_SHOTS_DIR ?? "/tmp/shots-studio";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const c = (lang: TLang, key: string) => text(lang, "content", key);
// Every step waits on frames of software WebGL; a minute is a slow frame, not a hang.
const slow = expect.configure({ timeout: 60_000 });

/** Picks an option of a segmented control through its visible label (the radio itself is hidden). */
async function pickSegment(page: Page, name: string): Promise<void> {
  const id = await page.getByRole("radio", { name, exact: true }).getAttribute("id");
  await page.locator(`label[for="${id}"]`).click();
  await slow(page.getByRole("radio", { name, exact: true })).toBeChecked();
}

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

test("studio content: upload, edit, save, reload", async ({ page, request, lang, baseURL, issues }) => {
  // Software WebGL (SwiftShader) compiles the engine's shaders slowly, more so with both
  // languages running at once: the first frame of the editor can take a minute.
  test.setTimeout(1_200_000);
  mkdirSync(SHOTS, { recursive: true });
  const { email } = await registerOwner(request, baseURL ?? "http://127.0.0.1:4173", lang, "studio");
  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);

  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, OWNER_PASSWORD);
  await slow(page).toHaveURL(/\/Studio\/user$/);

  // Empty list: the first-upload invitation.
  await page.goto("/Studio/user/contents");
  await slow(page.getByText(c(lang, "list.emptyTitle"))).toBeVisible();
  await shoot(page, lang, "list-empty");
  await page.setViewportSize(PHONE);
  await shoot(page, lang, "list-empty");
  await page.setViewportSize(DESKTOP);

  // Upload: the card shows processing, then ready.
  await page.locator("#content-upload-input").setInputFiles(FOX);
  const card = page.getByTestId("content-card").first();
  await slow(card).toBeVisible({ timeout: 60_000 });
  await slow(card.getByTestId("content-title")).toHaveText("Fox");
  await slow(card.getByTestId("content-status")).toHaveAttribute("data-status", "ready", {
    timeout: 180_000,
  });
  // The server drew a thumbnail (a JPEG) when processing ended.
  await slow(card.locator("img")).toHaveAttribute("src", /\.jpg$/);
  await shoot(page, lang, "list-full");
  await page.setViewportSize(PHONE);
  await shoot(page, lang, "list-full");
  await page.setViewportSize(DESKTOP);

  await oneAtATime("studio-e2e", async () => {
    // Editor: the model shows (not a blank frame).
    await card.getByRole("link", { name: "Fox" }).click();
    await slow(page).toHaveURL(/\/Studio\/user\/contents\/content_/, { timeout: 60_000 });
    const view = page.getByTestId("viewer");
    await slow(view).toHaveAttribute("data-state", "ready", { timeout: 240_000 });
    await slow(page.getByTestId("save-status")).toContainText(c(lang, "editor.saved"));

    // Background: a plain colour.
    await openTab(page, lang, "scene");
    await pickSegment(page, c(lang, "scene.backgroundType.color"));
    const bgInput = page.getByTestId("background-color");
    await bgInput.fill("#336699");
    await bgInput.blur();
    await slow
      .poll(() => pixelsUnlike(page, view, "#336699", 60), { timeout: 120_000 })
      .toBeGreaterThan(2000);
    await shoot(page, lang, "editor-scene");

    // Material: a new tone colour.
    await openTab(page, lang, "materials");
    const tone = page.getByTestId("material-tone").first();
    await tone.fill("#ff8800");
    await tone.blur();
    await slow(page.getByTestId("material-row").first()).toContainText(c(lang, "materials.customised"));
    await shoot(page, lang, "editor-materials");

    // Annotation: click the model in Add mode.
    await openTab(page, lang, "annotations");
    await slow(page.getByTestId("annotation-usage")).toHaveText(
      c(lang, "annotations.count").replace("{{used}}", "0").replace("{{max}}", "10"),
    );
    await page.getByRole("button", { name: c(lang, "annotations.add") }).click();
    const box = await view.boundingBox();
    if (!box) throw new Error("viewer has no box");
    // The fox is framed in the middle; its body sits a little below the centre.
    const spots: [number, number][] = [
      [0.5, 0.55],
      [0.5, 0.5],
      [0.45, 0.6],
      [0.55, 0.45],
      [0.4, 0.5],
    ];
    for (const [fx, fy] of spots) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      if ((await page.getByTestId("annotation-item").count()) > 0) break;
    }
    await slow(page.getByTestId("annotation-item")).toHaveCount(1);
    await page.getByTestId("annotation-title").fill("Ear");
    await page.getByTestId("annotation-content").fill("Soft fur, hand painted.");
    await slow(page.locator(".vt-marker")).toHaveCount(1);
    await shoot(page, lang, "editor-annotations");

    await openTab(page, lang, "motion");
    await slow(page.getByText(c(lang, "motion.notProduced"))).toBeVisible();
    await shoot(page, lang, "editor-motion");
    await openTab(page, lang, "specification");
    await slow(page.getByText(c(lang, "specification.linksOff"))).toBeVisible();
    await shoot(page, lang, "editor-specification");

    // Save (thumbnail from the canvas), then reload.
    await slow(page.getByTestId("save-status")).toContainText(c(lang, "editor.unsaved"));
    await page.getByTestId("save-button").click();
    await slow(page.getByTestId("save-status")).toContainText(c(lang, "editor.saved"), { timeout: 180_000 });
    await page.reload();
    await slow(view).toHaveAttribute("data-state", "ready", { timeout: 240_000 });
    await slow(page.getByTestId("editor-title")).toHaveValue("Fox");
    await openTab(page, lang, "scene");
    await slow(page.getByTestId("background-color")).toHaveValue("#336699");
    expect(await pixelsUnlike(page, view, "#336699", 60)).toBeGreaterThan(2000);
    await openTab(page, lang, "materials");
    await slow(page.getByTestId("material-tone").first()).toHaveValue("#ff8800");
    await openTab(page, lang, "annotations");
    await slow(page.getByTestId("annotation-item")).toHaveCount(1);
    await page.getByTestId("annotation-item").getByRole("button").first().click();
    await slow(page.getByTestId("annotation-title")).toHaveValue("Ear");
    await slow(page.getByTestId("annotation-content")).toHaveValue("Soft fur, hand painted.");
    await slow(page.locator(".vt-marker")).toHaveCount(1);

    // Phone: the panels open in a bottom sheet under the model.
    await page.setViewportSize(PHONE);
    // Opened on a phone, the model is framed for the phone.
    await page.reload();
    await slow(view).toHaveAttribute("data-state", "ready", { timeout: 240_000 });
    for (const tab of ["scene", "materials", "annotations", "motion", "specification"]) {
      await openTab(page, lang, tab);
      await shoot(page, lang, `editor-${tab}`);
    }
    await page.getByRole("button", { name: c(lang, "editor.closePanel") }).click();

    // The list shows the editor's capture (a PNG), which replaced the drawn one.
    await page.setViewportSize(DESKTOP);
    await page.getByRole("link", { name: c(lang, "editor.back") }).click();
    await slow(page.getByTestId("content-card").first().locator("img")).toHaveAttribute("src", /\.png$/);
    await shoot(page, lang, "list-thumbnail");
  });

  expect(issues.pageErrors).toEqual([]);
  expect(issues.consoleErrors).toEqual([]);
});
