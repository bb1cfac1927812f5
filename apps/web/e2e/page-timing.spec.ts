/**
 * Page timing in a real browser (SPEC §4, issue 9 item 19): the rows the server receives, read
 * at the browser context so rows sent by the relay service worker count too.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext } from "@playwright/test";
import {
  addOriginLogCall,
  channelCreateCall,
  contentDetailCall,
  createEnvelope,
  shareLinkCreateCall,
  type TEnvelopeSettings,
  userInfoCall,
} from "@vitrine/contract";
import { expect, test, text, waitForApp } from "./fixtures";
import { registerOwner, type TSend } from "./owner-support";
import { shoot } from "./view-support";

type TLogged = {
  action: string;
  path: string;
  duration?: number;
  sessionId: string;
  contentId: string;
  contentOwnerId: string;
};

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.SHARE_SHOTS_DIR ?? "/tmp/shots-share";
/** The relay holds a row this long before sending it (public/page-timing-relay.js), plus slack. */
const RELAY_WAIT = 15_000;

/** Collects the page-view rows of every page and worker of the context, opened with the envelope. */
async function recordViewLogs(context: BrowserContext, settings: TEnvelopeSettings): Promise<TLogged[]> {
  const envelope = await createEnvelope(settings);
  const rows: TLogged[] = [];
  await context.route(`**${addOriginLogCall.path}`, async (route) => {
    const body = route.request().postData();
    if (body) rows.push((await envelope.unwrap(JSON.parse(body))) as TLogged);
    await route.continue();
  });
  return rows;
}

const summary = (rows: TLogged[]) => rows.map((r) => `${r.action} ${r.path}`);

test("page views: start on entry, end on leaving, none on reload, back/forward, tab close", async ({
  page,
  context,
  request,
  lang,
}) => {
  test.setTimeout(180_000);
  const config = (await (await request.get("/api/client-config")).json()) as { envelope: TEnvelopeSettings };
  const rows = await recordViewLogs(context, config.envelope);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForApp(page);
  await expect.poll(() => summary(rows)).toEqual(["view_start /"]);
  // The relay service worker is running before the page is left.
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)))
    .toBe(true);

  await page
    .getByRole("navigation", { name: text(lang, "common", "nav.main") })
    .getByRole("link", { name: text(lang, "common", "nav.price") })
    .click();
  await expect.poll(() => summary(rows)).toEqual(["view_start /", "view_end /", "view_start /price"]);

  // A reload sends nothing, and the view carries on.
  await page.waitForTimeout(1500);
  await page.reload();
  await waitForApp(page);
  await page.waitForTimeout(RELAY_WAIT);
  expect(summary(rows)).toEqual(["view_start /", "view_end /", "view_start /price"]);

  // Navigating away (another document) ends the view with its seconds, counted from before the reload.
  await page.goto("about:blank");
  await expect
    .poll(() => summary(rows), { timeout: RELAY_WAIT * 2 })
    .toEqual(["view_start /", "view_end /", "view_start /price", "view_end /price"]);
  expect(rows[3]?.duration).toBeGreaterThanOrEqual(RELAY_WAIT / 1000);

  // Back: a new view starts.
  await page.goBack();
  await waitForApp(page);
  await expect.poll(() => summary(rows).slice(4)).toEqual(["view_start /price"]);

  // Closing the tab ends it.
  await page.close({ runBeforeUnload: true });
  await expect
    .poll(() => summary(rows).slice(4), { timeout: RELAY_WAIT * 2 })
    .toEqual(["view_start /price", "view_end /price"]);
  expect(new Set(rows.map((r) => r.sessionId)).size).toBe(1);
});

/** Uploads Fox with the owner's token and waits until it is ready. */
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
  await expect
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

test("share page: title and owner above the viewer; rows carry the content and owner", async ({
  page,
  context,
  request,
  lang,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const base = baseURL ?? "";
  const config = (await (await request.get("/api/client-config")).json()) as { envelope: TEnvelopeSettings };
  const rows = await recordViewLogs(context, config.envelope);
  const { send, token } = await registerOwner(request, base, lang, "timing");
  const me = await send(userInfoCall, {}, token);
  if (!me.status) throw new Error("no user info");
  const userId = me.data.docs[0]?.user_id ?? "";
  const contentId = await uploadFox(send, base, token);
  // The byline names the owner's channel; the e-mail ID is never shown.
  const ownerName = `Fox Works ${lang}`;
  const channel = await send(channelCreateCall, { channel_name: ownerName }, token);
  if (!channel.status) throw new Error("no channel");
  const link = await send(shareLinkCreateCall, { content_id: contentId }, token);
  if (!link.status) throw new Error("no share link");
  const id = link.data.doc.sharelink_url;

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/share/${id}`);
    const header = page.getByTestId("share-header");
    await expect(header.getByRole("heading", { level: 1 })).toHaveText("Fox", { timeout: 60_000 });
    await expect(page.getByTestId("share-publisher")).toHaveText(
      `${text(lang, "sharing", "share.sharedBy")} ${ownerName}`,
    );
    // The bar sits above the viewer, not over it.
    const bar = await header.boundingBox();
    const stage = await page.locator("vitrine-viewer").boundingBox();
    expect(bar && stage && bar.y + bar.height <= stage.y + 1).toBe(true);
    await page.waitForTimeout(1500);
    await shoot(SHOTS, page, lang, "share");
  }
  await expect
    .poll(() =>
      rows
        .filter((r) => r.path === `/share/${id}`)
        .map((r) => `${r.action} ${r.contentId} ${r.contentOwnerId}`),
    )
    .toContain(`view_start ${contentId} ${userId}`);

  // /embed sends no rows yet: its 190 kB budget has no room for the tracker (see main.ts).
});
