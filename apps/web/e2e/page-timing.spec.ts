/**
 * Page timing in a real browser (SPEC §4, issue 9 item 19): the rows the server receives, read
 * at the browser context so rows sent by the relay service worker count too.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, devices } from "@playwright/test";
import {
  addOriginLogCall,
  channelCreateCall,
  contentDetailCall,
  createEnvelope,
  reportSummaryCall,
  shareLinkCreateCall,
  type TEnvelopeSettings,
  userInfoCall,
} from "@vitrine/contract";
import { expect, test, text, waitForApp } from "./fixtures";
import { registerOwner, type TSend } from "./owner-support";
import { shoot } from "./view-support";

type TLogged = {
  action: string;
  contentType?: string;
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
    if (body) {
      // One row, or the tracker's batch `{rows: [...]}`.
      const payload = (await envelope.unwrap(JSON.parse(body))) as TLogged | { rows: TLogged[] };
      rows.push(...("rows" in payload ? payload.rows : [payload]));
    }
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

test("share page and embed: rows carry the content and owner; the embed's experience reaches the report", async ({
  browser,
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
      `${text(lang, "viewer", "embed.page.sharedBy")} ${ownerName}`,
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

  // The embed sends the same rows: its page's start and end with the content, the content's
  // view, and an experience once the visitor turns the model; and it offers the connecting form.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/embed?id=${id}`);
  const contact = page.getByRole("link", { name: text(lang, "viewer", "embed.contact") });
  await expect(contact).toHaveAttribute(
    "href",
    `/business-connect?channel=${channel.data.doc.user_channel_id}&source=embed&content=${contentId}`,
  );
  await expect(contact).toHaveAttribute("target", "_blank");
  const toolbar = page.getByRole("toolbar");
  await expect(toolbar).toBeVisible({ timeout: 240_000 });
  await shoot(SHOTS, page, lang, "embed");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(contact).toBeInViewport();
  await shoot(SHOTS, page, lang, "embed");
  await expect
    .poll(() =>
      rows
        .filter((r) => r.path.startsWith("/embed"))
        .map((r) => `${r.action} ${r.contentType ?? ""} ${r.contentId} ${r.contentOwnerId}`),
    )
    .toEqual([`view_start home ${contentId} ${userId}`, `view product ${contentId} ${userId}`]);

  // Leaving sends the experience as the page goes, a beacon of the unloading page (a context
  // without routing: a routed request of a page that is gone may be dropped). It reaches the
  // owner's report of the content.
  const visitor = await browser.newContext({
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
  });
  const guest = await visitor.newPage();
  await guest.goto(`${base}/embed?id=${id}`);
  await expect(guest.getByRole("toolbar")).toBeVisible({ timeout: 240_000 });
  const box = await guest.locator("vitrine-viewer").boundingBox();
  if (!box) throw new Error("no viewer");
  await guest.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await guest.mouse.down();
  await guest.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 6 });
  await guest.mouse.up();
  await guest.waitForTimeout(1500);
  await guest.goto(`${base}/`);
  const today = new Date().toISOString().slice(0, 10);
  await expect
    .poll(
      async () => {
        const report = await send(
          reportSummaryCall,
          { from: today, to: today, zone: "UTC", content_id: contentId },
          token,
        );
        return report.status ? report.data.experiences : -1;
      },
      { timeout: RELAY_WAIT * 2 },
    )
    .toBe(1);
  await visitor.close();
});
