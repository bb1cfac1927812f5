/**
 * Channels as an owner builds one and a visitor reads it: create the channel, upload and crop a
 * logo and a cover, fill business and export info (a wrong DUNS number says so), make a content
 * public and featured; then a visitor in the other language opens the channel (desktop and
 * phone), opens the content from it, and sees the views rise once per day; the feed and the
 * showcase list the content. Set-up the journey does not test (sign-up, the model) goes through
 * the API.
 */
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { contentDetailCall, myChannelCall } from "@vitrine/contract";
import sharp from "sharp";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, registerOwner, uploadReadyModel } from "./owner-support";
import { shoot as shootTo } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.CHANNEL_SHOTS_DIR ?? "/tmp/shots-channels";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const slow = expect.configure({ timeout: 180_000 });

const c = (lang: TLang, key: string) => text(lang, "channels", key);
const codes = (lang: TLang, key: string) => text(lang, "codes", key);
const other = (lang: TLang): TLang => (lang === "en" ? "ko" : "en");

/** A PNG of `width`×`height` in a colour. */
function png(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

/** Picks `file` with the image field's button and accepts the crop. */
async function uploadCropped(page: Page, lang: TLang, testId: string, file: Buffer): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId(testId).click();
  await (await chooser).setFiles({ name: "image.png", mimeType: "image/png", buffer: file });
  const dialog = page.getByRole("dialog", { name: c(lang, "crop.title") });
  await expect(dialog.getByTestId("crop-canvas")).toBeVisible();
  await dialog.getByRole("slider", { name: c(lang, "crop.zoom") }).press("ArrowRight");
  await dialog.getByRole("button", { name: c(lang, "crop.apply") }).click();
  await expect(dialog).toHaveCount(0);
}

test("a business builds its channel; a visitor in the other language browses it", async ({
  page,
  browser,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(600_000);
  mkdirSync(SHOTS, { recursive: true });
  const base = baseURL ?? "http://127.0.0.1:4173";
  const { email, send, token } = await registerOwner(request, base, lang, "channel");
  const foxId = await uploadReadyModel(send, base, token, FOX);

  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, OWNER_PASSWORD);
  await slow(page).toHaveURL(/\/Studio\/user$/);

  // No channel yet: the prompt, then create.
  await page.goto("/Studio/user/channel");
  await expect(page.getByText(codes(lang, "noChannel"))).toBeVisible();
  await page.getByRole("button", { name: c(lang, "studio.createButton") }).click();
  const name = lang === "en" ? "Aurora Lamps" : "오로라 조명";
  await page.getByLabel(c(lang, "fields.channelName")).fill(name);
  await page.getByRole("button", { name: c(lang, "studio.create"), exact: true }).click();
  await expect(page.getByText(codes(lang, "channelCreated")).first()).toBeVisible();
  const mine = await send(myChannelCall, {}, token);
  if (!mine.status || !mine.data.doc) throw new Error("no channel");
  const channelId = mine.data.doc.user_channel_id;

  // Basic info: introduction, saved on its own.
  const intro =
    lang === "en" ? "Desk lamps made in Busan since 1998." : "1998년부터 부산에서 만든 책상 조명.";
  await page.getByLabel(c(lang, "fields.intro")).fill(intro);
  await page
    .getByRole("button", { name: c(lang, "studio.save") })
    .first()
    .click();
  await expect(page.getByRole("status").filter({ hasText: codes(lang, "channelInfoUpdated") })).toBeVisible();

  // Branding: logo and cover, uploaded and cropped, then applied.
  await page.getByRole("tab", { name: c(lang, "studio.branding.title") }).click();
  await uploadCropped(page, lang, "logo-upload", await png(300, 200, [220, 80, 40]));
  await uploadCropped(page, lang, "cover-upload", await png(1600, 900, [30, 90, 200]));
  await expect(page.getByRole("img", { name: c(lang, "fields.logo") })).toBeVisible();
  await shoot(page, lang, "studio-branding");
  await page.getByRole("button", { name: c(lang, "studio.apply") }).click();
  await expect(page.getByRole("status").filter({ hasText: codes(lang, "channelInfoUpdated") })).toBeVisible();

  // Business info: a wrong DUNS number says so; the right one saves.
  await page.getByRole("tab", { name: c(lang, "studio.business.title") }).click();
  const panel = page.getByRole("tabpanel", { name: c(lang, "studio.business.title") });
  await panel.getByLabel(c(lang, "fields.productsServices")).fill(lang === "en" ? "Desk lamps" : "책상 조명");
  const duns = panel.getByLabel(c(lang, "fields.duns"));
  await duns.fill("12-34");
  await duns.blur();
  await expect(panel.getByText(codes(lang, "dunsFormat"))).toBeVisible();
  await duns.fill("12-345-6789");
  await panel.getByRole("button", { name: c(lang, "studio.save") }).click();
  await expect(
    panel.getByRole("status").filter({ hasText: codes(lang, "channelInfoUpdated") }),
  ).toBeVisible();

  // Export info: Incoterms FOB and sea freight.
  await page.getByRole("tab", { name: c(lang, "studio.export.title") }).click();
  const exportPanel = page.getByRole("tabpanel", { name: c(lang, "studio.export.title") });
  await exportPanel.getByLabel(`FOB — ${c(lang, "incoterm.FOB")}`).check();
  await exportPanel.getByLabel(c(lang, "shipping.sea")).check();
  await exportPanel.getByRole("button", { name: c(lang, "studio.save") }).click();
  await expect(
    exportPanel.getByRole("status").filter({ hasText: codes(lang, "channelUpdated") }),
  ).toBeVisible();

  // Content management: Fox public and featured.
  await page.getByRole("tab", { name: c(lang, "studio.contents.title") }).click();
  const contentsPanel = page.getByRole("tabpanel", { name: c(lang, "studio.contents.title") });
  await contentsPanel.getByLabel(c(lang, "studio.contents.publicOf").replace("{{title}}", "Fox")).check();
  await contentsPanel.getByLabel(c(lang, "studio.contents.featuredOf").replace("{{title}}", "Fox")).check();
  await contentsPanel.getByRole("button", { name: c(lang, "studio.save") }).click();
  await expect(
    contentsPanel.getByRole("status").filter({ hasText: codes(lang, "channelUpdated") }),
  ).toBeVisible();
  await shoot(page, lang, "studio-contents");

  // A visitor reading the other language, on a desktop and on a phone.
  const visitorLang = other(lang);
  for (const [device, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    const visitor = await browser.newContext({ locale: visitorLang === "ko" ? "ko-KR" : "en-US", viewport });
    const v = await visitor.newPage();
    await v.setExtraHTTPHeaders({ "x-forwarded-for": `10.77.${randomInt(256)}.${randomInt(1, 255)}` });
    await v.goto(`/Channel/${channelId}`);
    await waitForApp(v);
    await expect(v.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(v.getByText(intro)).toBeVisible();
    // No translation was written: the original shows with the quiet note.
    await expect(v.getByText(c(visitorLang, "untranslatedNote"))).toBeVisible();
    await expect(v.getByTestId("channel-logo")).toBeVisible();
    await expect(v.getByRole("link", { name: "Fox" })).toBeVisible();
    await shoot(v, visitorLang, `visitor-${device}-home`);
    await v.getByRole("tab", { name: c(visitorLang, "tabs.exportInfo") }).click();
    await expect(v.getByText(`FOB — ${c(visitorLang, "incoterm.FOB")}`)).toBeVisible();
    await v.getByRole("tab", { name: c(visitorLang, "tabs.business") }).click();
    await expect(v.getByText("12-345-6789")).toBeVisible();
    await shoot(v, visitorLang, `visitor-${device}-business`);
    await v.getByRole("tab", { name: c(visitorLang, "tabs.home") }).click();
    if (device === "desktop") {
      // The first visit counted one view; opening the content counts it from the channel.
      await expect(v.getByTestId("channel-views")).toHaveText(
        c(visitorLang, "views_one").replace("{{count}}", "1"),
      );
      await v.getByRole("link", { name: "Fox" }).click();
      await expect(v).toHaveURL(new RegExp(`/Channel/${channelId}/content/${foxId}$`));
      await expect(v.getByTestId("channel-content-viewer")).toBeVisible();
      // The channel's brand colour frames the viewer.
      const frame = await v.getByTestId("channel-content-viewer").evaluate((el) => {
        const style = getComputedStyle(el);
        return { bg: style.backgroundColor, brand: style.getPropertyValue("--channel-brand").trim() };
      });
      expect(frame.brand).toMatch(/^#[0-9a-f]{6}$/i);
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(frame.brand.slice(i, i + 2), 16));
      expect(frame.bg).toBe(`rgb(${r}, ${g}, ${b})`);
      await expect
        .poll(async () => {
          const detail = await send(contentDetailCall, { content_id: foxId }, token);
          return detail.status ? detail.data.doc.views : -1;
        })
        .toBe(1);
      // Back on the channel the same day: the views do not rise again.
      await v.goto(`/Channel/${channelId}`);
      await expect(v.getByTestId("channel-views")).toHaveText(
        c(visitorLang, "views_one").replace("{{count}}", "1"),
      );
    }
    await visitor.close();
  }

  // The feed and the showcase list Fox with its channel.
  await page.goto("/discover");
  await expect(page.getByRole("heading", { level: 1, name: c(lang, "feed.pageTitle") })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fox" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name }).first()).toBeVisible();
  await page.goto("/ShowCase/");
  await expect(page.getByRole("link", { name: "Fox" }).first()).toBeVisible();
  await shoot(page, lang, "showcase");

  expect(issues.pageErrors).toEqual([]);
});
