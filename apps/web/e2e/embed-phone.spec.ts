/**
 * `/embed` at phone sizes (issue 9, item 20): in a shop's 388×218 frame the viewer fits (compact
 * bar inside the frame, nothing scrolls, the other actions in the "more" sheet); at 390×844 and on
 * desktop the size readout is the Fox as drawn. Screenshots land in `EMBED_PHONE_SHOTS_DIR`.
 */
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Frame, Page } from "@playwright/test";
import { shareLinkCreateCall } from "@vitrine/contract";
import { type TWord, word } from "../../../packages/viewer/src/element/i18n";
import { expect, type TLang, test } from "./fixtures";
import { oneAtATime, registerOwner, uploadReadyModel } from "./owner-support";
import { pixelsUnlike } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.EMBED_PHONE_SHOTS_DIR ?? "/tmp/shots-embed-phone";
const PORT = Number(process.env.E2E_PORT ?? 4173);
const FRAME = { width: 388, height: 218 };
// Software WebGL: a first frame can take a minute on a busy machine.
const slow = expect.configure({ timeout: 240_000 });

/** A shop's page on another origin with the embed in a 388×218 frame (a port per language). */
async function hostPage(src: string, lang: TLang): Promise<{ url: string; close: () => Promise<void> }> {
  const port = PORT + (lang === "ko" ? 4 : 3);
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>A shop</title><style>body{margin:0;font:16px sans-serif}p{margin:1px}
iframe{display:block;border:0;width:${FRAME.width}px;height:${FRAME.height}px}</style></head>
<body><p>A shop's product page</p><iframe id="embed" title="3D" src="${src}"></iframe></body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Fox is drawn in `target`: its toolbar is up and the model stands out of the backdrop. */
async function expectFox(page: Page, target: Page | Frame, lang: TLang): Promise<void> {
  await slow(target.getByRole("toolbar", { name: word(lang, "toolbar") })).toBeVisible();
  const stage = target.locator("vitrine-viewer .vt-stage");
  await slow.poll(() => pixelsUnlike(page, stage, "#e9edf4"), { timeout: 120_000 }).toBeGreaterThan(300);
}

test("/embed on a phone: fits a 388×218 frame, and reads the Fox's size as drawn", async ({
  page,
  request,
  lang,
  baseURL,
}) => {
  test.setTimeout(900_000);
  mkdirSync(SHOTS, { recursive: true });
  const t = (key: TWord) => word(lang, key);
  const base = baseURL ?? `http://127.0.0.1:${PORT}`;
  const { send, token } = await registerOwner(request, base, lang, "embed-phone");
  const contentId = await uploadReadyModel(send, base, token, FOX);
  const link = await send(shareLinkCreateCall, { content_id: contentId }, token);
  if (!link.status) throw new Error("no share link");
  const id = link.data.doc.sharelink_url;
  const size = lang === "ko" ? "가로 3.46 m × 높이 2.23 m × 깊이 4.10 m" : "W 3.46 m × H 2.23 m × D 4.10 m";

  await oneAtATime("embed-phone-e2e", async () => {
    const host = await hostPage(`http://localhost:${PORT}/embed?id=${id}&lang=${lang}`, lang);
    try {
      await page.setViewportSize({ width: 430, height: 260 });
      await page.goto(host.url);
      await slow.poll(() => page.frames().length).toBe(2);
      const frame = page.frames().find((f) => f !== page.mainFrame());
      if (!frame) throw new Error("no frame");
      await expectFox(page, frame, lang);

      // Nothing in the frame scrolls or sticks out, the bar included.
      expect(
        await frame.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.scrollHeight,
        ]),
      ).toEqual([FRAME.width, FRAME.height]);
      const box = await page.locator("#embed").boundingBox();
      const toolbar = frame.getByRole("toolbar", { name: t("toolbar") });
      const bar = await toolbar.boundingBox();
      if (!box || !bar) throw new Error("not laid out");
      expect(bar.y + bar.height).toBeLessThanOrEqual(box.y + box.height);
      expect(bar.y).toBeGreaterThan(box.y + box.height / 2);
      for (const key of ["prev", "start", "next", "more"] as const) {
        await expect(toolbar.getByRole("button", { exact: true, name: t(key) })).toBeVisible();
      }
      await page.screenshot({ path: join(SHOTS, `${lang}-frame-388x218.png`) });
      await toolbar.getByRole("button", { exact: true, name: t("more") }).click();
      const sheet = await frame.locator(".vt-sheet").boundingBox();
      expect(sheet && sheet.y >= box.y && sheet.y + sheet.height <= box.y + box.height).toBe(true);
      await page.screenshot({ path: join(SHOTS, `${lang}-frame-388x218-sheet.png`) });
      await frame.getByRole("button", { exact: true, name: t("size") }).click();
      await expect(frame.getByRole("dialog")).toContainText(size);
      await page.screenshot({ path: join(SHOTS, `${lang}-frame-388x218-size.png`) });
    } finally {
      await host.close();
    }

    // A phone, then desktop: the same readout.
    for (const viewport of [
      { width: 390, height: 844, name: "phone-390x844" },
      { width: 1280, height: 800, name: "desktop" },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/embed?id=${id}&lang=${lang}`);
      await expectFox(page, page, lang);
      await page.screenshot({ path: join(SHOTS, `${lang}-${viewport.name}.png`) });
      const toolbar = page.getByRole("toolbar", { name: t("toolbar") });
      if (viewport.width < 1024) await toolbar.getByRole("button", { exact: true, name: t("more") }).click();
      await page.getByRole("button", { exact: true, name: t("size") }).click();
      await expect(page.getByRole("dialog")).toContainText(size);
      await page.screenshot({ path: join(SHOTS, `${lang}-${viewport.name}-size.png`) });
    }
  });
});
