import { mkdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FrameLocator, Page } from "@playwright/test";
import { contentDetailCall, shareLinkCreateCall } from "@vitrine/contract";
import { expect, type TLang, test, text } from "./fixtures";
import { registerOwner, type TSend } from "./owner-support";
import { pixelsUnlike } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.EMBED_SHOTS_DIR ?? "/tmp/shots-embed";
const PORT = Number(process.env.E2E_PORT ?? 4173);
const LINK_PASSWORD = "embed-secret-7";
/** The element's toolbar words (packages/viewer/src/element/i18n.ts). */
const WORDS = {
  en: { next: "Next", toolbar: "Viewer controls" },
  ko: { next: "다음", toolbar: "뷰어 조작" },
};
// Software WebGL: a first frame can take a minute on a busy machine.
const slow = expect.configure({ timeout: 240_000 });

/** Uploads Fox with the owner's token and waits until the pipeline made it ready. */
async function uploadFox(send: TSend, baseURL: string, token: string): Promise<string> {
  const form = new FormData();
  form.append("files", new Blob([readFileSync(FOX)], { type: "model/gltf-binary" }), "Fox.glb");
  const res = await fetch(`${baseURL}/api/upload/model`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { status: boolean; data: { content_id: string } };
  expect(body.status).toBe(true);
  const contentId = body.data.content_id;
  await slow
    .poll(
      async () => {
        const detail = await send(contentDetailCall, { content_id: contentId }, token);
        return detail.status ? detail.data.doc.status : "missing";
      },
      { timeout: 240_000 },
    )
    .toBe("ready");
  return contentId;
}

/** Serves one HTML page on another origin (a port per language: both projects run at once). */
async function hostPage(html: string, lang: TLang): Promise<{ url: string; close: () => Promise<void> }> {
  const port = PORT + (lang === "ko" ? 2 : 1);
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

/** The model is drawn in `frame`: the toolbar is up and the fox stands out of the backdrop. */
async function expectModelShown(page: Page, frame: FrameLocator | Page, lang: TLang): Promise<void> {
  const toolbar = frame.getByRole("toolbar", { name: WORDS[lang].toolbar });
  await slow(toolbar).toBeVisible();
  await expect(toolbar.getByRole("button", { name: WORDS[lang].next })).toBeVisible();
  const stage = frame.locator("vitrine-viewer .vt-stage");
  await slow.poll(() => pixelsUnlike(page, stage, "#e9edf4"), { timeout: 120_000 }).toBeGreaterThan(1500);
}

test("/embed in another site's frame, and the password form", async ({ page, request, lang, baseURL }) => {
  test.setTimeout(900_000);
  mkdirSync(SHOTS, { recursive: true });
  const base = baseURL ?? `http://127.0.0.1:${PORT}`;
  const { send, token } = await registerOwner(request, base, lang, "embed");
  const contentId = await uploadFox(send, base, token);
  const open = await send(shareLinkCreateCall, { content_id: contentId }, token);
  const locked = await send(shareLinkCreateCall, { content_id: contentId, password: LINK_PASSWORD }, token);
  if (!open.status || !locked.status) throw new Error("no share link");
  const openId = open.data.doc.sharelink_url;

  // The share page may not be framed; the embed may.
  const share = await request.get(`/share/${openId}`);
  expect(share.headers()["x-frame-options"]).toBe("DENY");
  expect(share.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  const embed = await request.get(`/embed?id=${openId}`);
  expect(embed.headers()["x-frame-options"]).toBeUndefined();
  expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");

  const frameSrc = `http://localhost:${PORT}/embed?id=${openId}`;
  const host = await hostPage(
    `<!doctype html><html><head><meta charset="utf-8"><title>A shop</title>
<style>body{margin:0;font:16px sans-serif}h1{margin:16px}iframe{display:block;border:0;width:100%;height:560px}</style>
</head><body><h1>A shop's product page</h1>
<iframe id="embed" title="3D" src="${frameSrc}" allow="fullscreen"></iframe>
<iframe id="share" title="share" src="http://localhost:${PORT}/share/${openId}" style="height:120px"></iframe>
</body></html>`,
    lang,
  );
  try {
    const frameErrors: string[] = [];
    page.on("pageerror", (error) => frameErrors.push(String(error)));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(host.url);
    const frame = page.frameLocator("#embed");
    await expectModelShown(page, frame, lang);
    const inside = page.frames().find((f) => f.url().startsWith(frameSrc));
    expect(inside, "the embed frame").toBeTruthy();
    expect(await inside?.evaluate(() => document.documentElement.lang)).toBe(lang);
    expect(await inside?.evaluate(() => document.title)).toBe("Fox · Vitrine");
    // Full frame, no scroll.
    expect(
      await inside?.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight] as const),
    ).toEqual([560, 560]);
    await page.screenshot({ path: join(SHOTS, `${lang}-desktop-host.png`) });

    // The share page's frame is refused by the browser.
    await expect.poll(() => page.frames().some((f) => f.url().startsWith("chrome-error://"))).toBe(true);
    await expect(page.frameLocator("#share").locator("#root")).toHaveCount(0);

    // The view was counted.
    await expect
      .poll(async () => {
        const detail = await send(contentDetailCall, { content_id: contentId }, token);
        return detail.status ? detail.data.doc.views : 0;
      })
      .toBeGreaterThan(0);
    expect(frameErrors).toEqual([]);

    // The embed by itself at phone size.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/embed?id=${openId}`);
    await expectModelShown(page, page, lang);
    await page.screenshot({ path: join(SHOTS, `${lang}-phone-embed.png`) });
  } finally {
    await host.close();
  }

  // A password link: the embed's own small form.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/embed?id=${locked.data.doc.sharelink_url}`);
  const words = (key: string) => text(lang, "viewer", `embed.password.${key}`);
  const field = page.getByLabel(words("label"), { exact: true });
  await expect(page.getByRole("heading", { name: words("title") })).toBeVisible();
  await field.fill("not-the-one");
  await page.getByRole("button", { name: words("submit") }).click();
  await expect(page.getByText(words("wrong"))).toBeVisible();
  await page.screenshot({ path: join(SHOTS, `${lang}-desktop-password.png`) });
  await field.fill(LINK_PASSWORD);
  await page.getByRole("button", { name: words("submit") }).click();
  await expectModelShown(page, page, lang);

  // No id, and an unknown id: short translated messages.
  await page.goto("/embed");
  await expect(page.getByRole("heading", { name: text(lang, "viewer", "embed.noId.title") })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/embed?id=${"x".repeat(32)}`);
  await expect(
    page.getByRole("heading", { name: text(lang, "viewer", "embed.notFound.title") }),
  ).toBeVisible();
  await page.screenshot({ path: join(SHOTS, `${lang}-phone-not-found.png`) });
});

test("a password embed on another site over http opens after one password, with no cookie kept", async ({
  page,
  request,
  lang,
  baseURL,
}) => {
  test.setTimeout(900_000);
  const base = baseURL ?? `http://127.0.0.1:${PORT}`;
  const { send, token } = await registerOwner(request, base, lang, "embedpw");
  const contentId = await uploadFox(send, base, token);
  const locked = await send(shareLinkCreateCall, { content_id: contentId, password: LINK_PASSWORD }, token);
  if (!locked.status) throw new Error("no share link");
  // A shop on another site (127.0.0.1 frames localhost) over plain http: the browser refuses the
  // frame's SameSite=Lax unlock cookie, as it would with third-party cookies blocked.
  const frameSrc = `http://localhost:${PORT}/embed?id=${locked.data.doc.sharelink_url}`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>A shop</title>
<style>body{margin:0}iframe{display:block;border:0;width:100%;height:600px}</style></head>
<body><iframe id="embed" title="3D" src="${frameSrc}"></iframe></body></html>`);
  });
  const hostPort = PORT + (lang === "ko" ? 4 : 3);
  await new Promise<void>((resolve) => server.listen(hostPort, "127.0.0.1", resolve));
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`http://127.0.0.1:${hostPort}/`);
    const frame = page.frameLocator("#embed");
    const words = (key: string) => text(lang, "viewer", `embed.password.${key}`);
    await expect(frame.getByRole("heading", { name: words("title") })).toBeVisible();
    await frame.getByLabel(words("label"), { exact: true }).fill(LINK_PASSWORD);
    await frame.getByRole("button", { name: words("submit") }).click();
    await expectModelShown(page, frame, lang);
    await expect(frame.getByText(words("lost"))).toHaveCount(0);
    // The cookie was indeed not kept: the in-memory token opened the link.
    const cookies = await page.context().cookies(`http://localhost:${PORT}/api/`);
    expect(cookies.filter((c) => c.name.startsWith("vt_sl_"))).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
