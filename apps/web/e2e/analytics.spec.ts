/**
 * The owner's report in a real browser (issue 11): a visitor opens a shared content, reads an
 * annotation and goes on to the owner's channel; the owner's Analytics section shows the visit,
 * the experience, the annotation open, the channel view, browser and device, filters by a row
 * and opens the content's own report. Setup goes through the API; the report reads today's raw
 * rows (days not folded yet), so no rollup has to run first.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { devices, type Page } from "@playwright/test";
import {
  channelCreateCall,
  contentDetailCall,
  contentUpdateCall,
  shareLinkCreateCall,
} from "@vitrine/contract";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, oneAtATime, registerOwner, type TSend, uploadReadyModel } from "./owner-support";
import { shoot as shootTo } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.ANALYTICS_SHOTS_DIR ?? "/tmp/shots-analytics";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const a = (lang: TLang, key: string) => text(lang, "analytics", key);
// Software WebGL: a first frame can take a minute on a busy machine.
const slow = expect.configure({ timeout: 240_000 });

/** Gives the content one annotation, "Ear" (through the API: the editor has its own journey). */
async function annotate(send: TSend, token: string, contentId: string): Promise<void> {
  const detail = await send(contentDetailCall, { content_id: contentId }, token);
  if (!detail.status) throw new Error("no content detail");
  const [w, h, d] = detail.data.doc.model_info?.dimensions ?? [1, 1, 1];
  const res = await send(
    contentUpdateCall,
    {
      content_id: contentId,
      build: {
        ...detail.data.doc.build,
        annotationinfo: [
          {
            annotation_id: "a1",
            title: "Ear",
            content: "Ear — analytics e2e",
            axis: null,
            images: [],
            videos: [],
            marker: { posx: 0.2 * w, posy: 0.6 * h, posz: 0.1 * d, number: 1 },
            normal: null,
          },
        ],
      },
    },
    token,
  );
  expect(res.status).toBe(true);
}

test("analytics: a visitor's view, experience and annotation open reach the owner's report", async ({
  page,
  context,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(900_000);
  mkdirSync(SHOTS, { recursive: true });
  const base = baseURL ?? "http://127.0.0.1:4173";
  const { email, send, token } = await registerOwner(request, base, lang, "analytics");
  const contentId = await uploadReadyModel(send, base, token, FOX);
  await annotate(send, token, contentId);
  const channelName = `Fox Analytics ${lang}`;
  expect((await send(channelCreateCall, { channel_name: channelName }, token)).status).toBe(true);
  const link = await send(shareLinkCreateCall, { content_id: contentId }, token);
  if (!link.status) throw new Error("no share link");

  // A new owner's report first: the honest empty state.
  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, OWNER_PASSWORD);
  await slow(page).toHaveURL(/\/Studio\/user$/);
  await page.goto("/Studio/user/analytics");
  const report = page.getByTestId("analytics-report");
  await expect(report).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("report-empty")).toContainText(a(lang, "empty.title"));
  await shoot(page, lang, "empty");

  // The visitor: the share link, an annotation opened, then on to the owner's channel.
  // A person's browser (the default headless user agent is a bot's, which intake drops).
  const visitor = await context
    .browser()
    ?.newContext({ ...devices["Desktop Chrome"], locale: lang === "ko" ? "ko-KR" : "en-US" });
  if (!visitor) throw new Error("no browser");
  const guest = await visitor.newPage();
  await guest.setViewportSize({ width: 1280, height: 800 });
  await oneAtATime("share-e2e", async () => {
    await guest.goto(`${base}/share/${link.data.doc.sharelink_url}`);
    await slow(guest.locator("main.ve-page")).toHaveAttribute("data-drawn", "ready");
    const viewer = guest.locator("vitrine-viewer");
    await viewer.locator("[data-act=next]").click();
    await expect(viewer.locator(".vt-panel")).toContainText("Ear");
    // Leaving the content in the app ends its experience; the rows go within a second.
    await guest.getByTestId("share-publisher").getByRole("link").click();
    await expect(guest).toHaveURL(/\/Channel\//);
    await guest.waitForTimeout(2500);
  });
  await visitor.close();

  // The owner's report of today.
  await page.reload();
  await waitForApp(page);
  await page.getByTestId("report-period").getByText(a(lang, "period.today"), { exact: true }).click();
  await expect(report).toHaveAttribute("data-state", "ready");
  // One view of the content and one of the channel; one experience with the annotation open.
  await expect(page.getByTestId("figure-visits-value")).toHaveText("2");
  await expect(page.getByTestId("figure-experiences-value")).toHaveText("1");
  await expect(page.getByTestId("figure-uniques-value")).toHaveText("1");
  const top = page.getByTestId("panel-top");
  await expect(top).toContainText("Fox");
  await expect(top).toContainText(channelName);
  await expect(page.getByTestId("panel-device")).toContainText(a(lang, "devices.desktop"));
  await expect(page.getByTestId("panel-browser")).toContainText("Chrome");
  await expect(page.getByTestId("panel-content_type")).toContainText(a(lang, "types.product"));
  // The channel was reached from the share page: its inflow is Vitrine, the content's direct.
  await expect(page.getByTestId("panel-inflow")).toContainText(a(lang, "inflow.vitrineShare"));
  await expect(page.getByTestId("panel-inflow")).toContainText(a(lang, "inflow.direct"));
  await shoot(page, lang, "report");
  await page.screenshot({ path: join(SHOTS, `${lang}-desktop-report-full.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await shoot(page, lang, "report");
  await page.screenshot({ path: join(SHOTS, `${lang}-phone-report-full.png`), fullPage: true });
  // Seven days: the daily chart, on a phone and a desktop.
  await page.getByTestId("report-period").getByText(a(lang, "period.d7"), { exact: true }).click();
  await expect(page.getByTestId("panel-daily")).toBeVisible();
  await expect(page.getByTestId("figure-visits-value")).toHaveText("2");
  await page.getByTestId("panel-daily").scrollIntoViewIfNeeded();
  await shoot(page, lang, "report-7d");
  await page.setViewportSize(DESKTOP);
  await page.getByTestId("panel-daily").scrollIntoViewIfNeeded();
  await shoot(page, lang, "report-7d");
  await page.getByTestId("report-period").getByText(a(lang, "period.today"), { exact: true }).click();

  // A breakdown row filters the whole report.
  await page
    .getByTestId("panel-content_type")
    .getByTestId("bar-row")
    .filter({ hasText: a(lang, "types.channel") })
    .click();
  await expect(page.getByTestId("report-filter")).toBeVisible();
  await expect(report).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("figure-visits-value")).toHaveText("1");
  await page.getByTestId("report-filter").getByRole("button").click();
  await expect(page.getByTestId("figure-visits-value")).toHaveText("2");

  // The content's own report ranks its annotations by opens.
  await top
    .getByRole("button", { name: a(lang, "content.open").replace("{{name}}", "Fox"), exact: true })
    .click();
  await expect(page.getByTestId("report-scope")).toContainText("Fox");
  await expect(report).toHaveAttribute("data-state", "ready");
  const annotations = page.getByTestId("panel-annotations");
  await expect(annotations.getByRole("row").filter({ hasText: "Ear" })).toContainText("1");
  await expect(page.getByTestId("figure-visits-value")).toHaveText("1");
  await shoot(page, lang, "content");
  await page.setViewportSize(PHONE);
  await shoot(page, lang, "content");

  // CSV of the annotations: the same rows as the screen.
  await page.setViewportSize(DESKTOP);
  const download = page.waitForEvent("download");
  await annotations.getByRole("button", { name: /CSV/ }).click();
  const file = await (await download).path();
  const { readFileSync } = await import("node:fs");
  const csv = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  expect(csv.split("\r\n")).toEqual([`${a(lang, "columns.name")},${a(lang, "columns.opens")}`, "Ear,1"]);

  expect(issues.pageErrors).toEqual([]);
});
