import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { contentDetailCall, contentSetProducedCall, contentUpdateCall } from "@vitrine/contract";
import { word } from "../../../packages/viewer/src/element/i18n";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, oneAtATime, registerOwner, superToken, type TSend } from "./owner-support";
import { pixelsUnlike, shoot as shootTo } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.SHARE_SHOTS_DIR ?? "/tmp/shots-share";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const LINK_PASSWORD = "fox-secret-7";

const s = (lang: TLang, key: string) => text(lang, "sharing", key);
const v = (lang: TLang, key: string) => text(lang, "viewer", key);
// Software WebGL: a first frame can take a minute on a busy machine.
const slow = expect.configure({ timeout: 240_000 });

/** Gives the content two annotations (through the API: the editor has its own journey). */
async function annotate(send: TSend, token: string, contentId: string): Promise<void> {
  const detail = await send(contentDetailCall, { content_id: contentId }, token);
  if (!detail.status) throw new Error("no content detail");
  const [w, h, d] = detail.data.doc.model_info?.dimensions ?? [1, 1, 1];
  const marker = (n: number, x: number) => ({ posx: x * w, posy: 0.6 * h, posz: 0.1 * d, number: n });
  const annotation = (n: number, title: string, x: number) => ({
    annotation_id: `a${n}`,
    title,
    content: `${title} — e2e`,
    axis: null,
    images: [],
    videos: [],
    marker: marker(n, x),
    normal: null,
  });
  const res = await send(
    contentUpdateCall,
    {
      content_id: contentId,
      build: {
        ...detail.data.doc.build,
        annotationinfo: [annotation(1, "Ear", 0.2), annotation(2, "Tail", -0.3)],
      },
    },
    token,
  );
  expect(res.status).toBe(true);
}

/** Marks the content produced (a super account's call) and gives it two motion steps of Fox's clips. */
async function addMotion(send: TSend, token: string, contentId: string): Promise<void> {
  const marked = await send(
    contentSetProducedCall,
    { content_id: contentId, is_produced: true },
    await superToken(send),
  );
  expect(marked.status).toBe(true);
  const detail = await send(contentDetailCall, { content_id: contentId }, token);
  if (!detail.status) throw new Error("no content detail");
  const clip = detail.data.doc.model_info?.clips[0];
  if (!clip) throw new Error("Fox has no clip");
  const step = (n: number, title: string) => ({
    animation_id: `m${n}`,
    title,
    content: `${title} — motion e2e`,
    match_aniname: clip,
    images: [],
  });
  const res = await send(
    contentUpdateCall,
    {
      content_id: contentId,
      build: {
        ...detail.data.doc.build,
        animationinfo: [step(1, "Look around"), step(2, "Look again")],
      },
    },
    token,
  );
  expect(res.status).toBe(true);
}

/** Waits for the shared model to be drawn: the viewer is ready and the fox stands out of the backdrop. */
async function expectModelShown(page: Page): Promise<void> {
  await slow(page.locator("main.ve-page")).toHaveAttribute("data-drawn", "ready");
  const stage = page.locator("vitrine-viewer .vt-stage");
  await slow.poll(() => pixelsUnlike(page, stage, "#e9edf4"), { timeout: 120_000 }).toBeGreaterThan(1500);
}

/** Makes a link of `kind` in the open Share dialog; answers the new link's full address. */
async function createLink(page: Page, lang: TLang, kind: "open" | "password" | "sealed"): Promise<string> {
  const dialog = page.getByRole("dialog");
  const label = { open: "open", password: "password", sealed: "sealed" }[kind];
  await dialog.getByRole("radio", { name: s(lang, `manager.create.${label}`), exact: true }).check();
  if (kind === "password") {
    await dialog.getByLabel(s(lang, "manager.create.passwordLabel"), { exact: true }).fill(LINK_PASSWORD);
  }
  const before = await dialog.getByTestId("share-link").count();
  await dialog.getByRole("button", { name: s(lang, "manager.create.submit") }).click();
  await slow(dialog.getByTestId("share-link")).toHaveCount(before + 1);
  const first = dialog.getByTestId("share-link").first();
  await expect(first).toHaveAttribute("data-kind", kind);
  if (kind === "sealed") {
    const url = await dialog.getByTestId("sealed-url").inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{32}#k=[A-Za-z0-9_-]{43}$/);
    return url;
  }
  return first.getByTestId("share-link-url").inputValue();
}

test("share links: open, password and encrypted, as the visitor sees them", async ({
  page,
  context,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(1_500_000);
  mkdirSync(SHOTS, { recursive: true });
  const { email, send, token } = await registerOwner(
    request,
    baseURL ?? "http://127.0.0.1:4173",
    lang,
    "share",
  );
  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, OWNER_PASSWORD);
  await slow(page).toHaveURL(/\/Studio\/user$/);

  // Upload Fox; Share waits for the model to be ready.
  await page.goto("/Studio/user/contents");
  await page.locator("#content-upload-input").setInputFiles(FOX);
  const card = page.getByTestId("content-card").first();
  await slow(card.getByTestId("content-title")).toHaveText("Fox");
  await slow(card.getByTestId("content-status")).toHaveAttribute("data-status", "ready");
  const contentId = (await card.getAttribute("data-content-id")) ?? "";
  await annotate(send, token, contentId);
  await addMotion(send, token, contentId);
  await shoot(page, lang, "list");

  await card.getByTestId("share-button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("share-usage")).toHaveText(
    s(lang, "manager.usage").replace("{{used}}", "0").replace("{{limit}}", "10"),
  );
  const openUrl = await createLink(page, lang, "open");
  const passwordUrl = await createLink(page, lang, "password");
  const sealedUrl = await createLink(page, lang, "sealed");
  await expect(dialog.getByTestId("share-usage")).toHaveText(
    s(lang, "manager.usage").replace("{{used}}", "3").replace("{{limit}}", "10"),
  );
  await shoot(page, lang, "manager");
  await dialog.getByRole("button", { name: s(lang, "manager.sealedCreated.done") }).click();
  await dialog
    .getByRole("button", { name: s(lang, "manager.embed") })
    .first()
    .click();
  await expect(dialog.getByTestId("embed-code").locator("textarea")).toHaveValue(
    /<iframe src=".*\/embed\?id=/,
  );
  await shoot(page, lang, "manager-embed");
  await page.setViewportSize(PHONE);
  await shoot(page, lang, "manager");
  await page.setViewportSize(DESKTOP);

  const visitor = await context.newPage();
  await visitor.setViewportSize(DESKTOP);
  const visitorIssues = { pageErrors: [] as string[] };
  visitor.on("pageerror", (error) => visitorIssues.pageErrors.push(String(error)));

  await oneAtATime("share-e2e", async () => {
    // The open link: the model, the annotation tour, motion and auto-rotation.
    await visitor.goto(openUrl);
    await expectModelShown(visitor);
    await expect(visitor).toHaveTitle(/^Fox · /);
    const viewer = visitor.locator("vitrine-viewer");
    const panel = viewer.locator(".vt-panel");
    // The engine draws in a worker: three.js never runs on the page's thread (issue 17).
    expect(visitor.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(
      expect.stringMatching(/^\/assets\/engine-worker-[\w-]+\.js$/),
    );
    const pageScripts = await visitor.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
    );
    expect(pageScripts.filter((path) => /\/(three|create-viewer)-[\w-]+\.js$/.test(path))).toEqual([]);
    // Its frames place the markers, and a drag on the page's canvas turns the model there.
    await slow(viewer.locator(".vt-marker:not(.is-hidden)")).toHaveCount(2);
    const cameraView = () =>
      visitor.evaluate(() =>
        JSON.stringify(
          (
            document.querySelector("vitrine-viewer") as { viewer?: { getCameraView(): unknown } } | null
          )?.viewer?.getCameraView(),
        ),
      );
    const before = await cameraView();
    const box = await viewer.locator("canvas.vt-canvas").boundingBox();
    if (!box) throw new Error("no canvas");
    await visitor.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await visitor.mouse.down();
    await visitor.mouse.move(box.x + box.width / 2 + 160, box.y + box.height / 2, { steps: 8 });
    await visitor.mouse.up();
    await slow.poll(cameraView).not.toBe(before);
    await viewer.locator("[data-act=next]").click();
    await expect(panel).toContainText("Ear");
    await viewer.locator("[data-act=next]").click();
    await expect(panel).toContainText("Tail");
    await viewer.locator("[data-act=prev]").click();
    await expect(panel).toContainText("Ear");
    await shoot(visitor, lang, "open-annotation");
    const rotate = viewer.locator("[data-act=rotate]");
    await expect(rotate).toHaveAttribute("aria-pressed", "false");
    await rotate.click();
    await expect(rotate).toHaveAttribute("aria-pressed", "true");
    await rotate.click();
    await expect(rotate).toHaveAttribute("aria-pressed", "false");
    await visitor.setViewportSize(PHONE);
    await visitor.reload();
    await expectModelShown(visitor);
    await shoot(visitor, lang, "open");
    // Motion simulation: start, pause, resume and stop, each visible on the toggle and the card.
    // At phone size: a playing clip redraws every frame, and software WebGL is slow on large frames.
    // Both steps play Fox's one clip (16 s), so no step ends between two clicks.
    const w = (key: Parameters<typeof word>[1], values?: Record<string, number>) => word(lang, key, values);
    const toggle = viewer.locator("[data-act=toggle]");
    const meta = panel.locator(".vt-meta");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-label", w("pause"));
    await expect(meta).toContainText(w("playing"));
    await expect(panel).toContainText("Look around");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-label", w("resume"));
    await expect(meta).toContainText(w("paused"));
    await expect(meta).toContainText(w("step", { n: 1, total: 2 }));
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-label", w("pause"));
    await expect(meta).toContainText(w("playing"));
    await viewer.locator("[data-act=next]").click();
    await expect(panel).toContainText("Look again");
    await expect(meta).toContainText(w("step", { n: 2, total: 2 }));
    await shoot(visitor, lang, "open-motion");
    await viewer.locator("[data-act=stop]").click();
    await expect(toggle).toHaveAttribute("aria-label", w("start"));
    await expect(meta).toContainText(w("stopped"));
    await visitor.setViewportSize(DESKTOP);

    // The password link.
    await visitor.goto(passwordUrl);
    const field = visitor.getByLabel(v(lang, "embed.password.label"), { exact: true });
    await expect(field).toBeFocused();
    await shoot(visitor, lang, "password");
    await field.fill("not-the-password");
    await field.press("Enter");
    await expect(visitor.getByText(v(lang, "embed.password.wrong"))).toBeVisible();
    await visitor.setViewportSize(PHONE);
    await shoot(visitor, lang, "password-wrong");
    await visitor.setViewportSize(DESKTOP);
    await field.fill(LINK_PASSWORD);
    await field.press("Enter");
    await expectModelShown(visitor);

    // The encrypted link: opens with its key; without the fragment it says what is wrong.
    await visitor.goto(sealedUrl);
    await expectModelShown(visitor);
    await expect(visitor).toHaveTitle(/^Fox · /);
    await shoot(visitor, lang, "sealed");
    await visitor.goto(sealedUrl.split("#")[0] ?? sealedUrl);
    await expect(visitor.getByText(v(lang, "embed.sealed.noKey.text"))).toBeVisible();
    await shoot(visitor, lang, "sealed-broken");
    await visitor.setViewportSize(PHONE);
    await shoot(visitor, lang, "sealed-broken");
  });

  // An unknown link.
  await visitor.goto("/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(visitor.getByRole("heading", { name: v(lang, "embed.page.notFound.title") })).toBeVisible();
  await shoot(visitor, lang, "not-found");
  await visitor.setViewportSize(DESKTOP);
  await shoot(visitor, lang, "not-found");

  expect(visitorIssues.pageErrors).toEqual([]);
  expect(issues.pageErrors).toEqual([]);
  expect(issues.consoleErrors).toEqual([]);
});
