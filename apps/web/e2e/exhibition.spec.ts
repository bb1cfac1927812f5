/**
 * The exhibition (issue 13) end to end, short: an operator opens an exhibition of 30 slots
 * (API), one business dresses its booth in the studio (slot, logo text, its Fox as the product,
 * pitch) while another's is dressed through the API; a visitor finds the booths in the list view
 * (search, category), enters a booth, turns the product in the viewer, and the visit is counted
 * once, and reaches the owner's analytics report. The console lists the exhibition. Walking the 3D hall is the hall's own journey.
 */
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { devices, type Page } from "@playwright/test";
import {
  adminExhibitionCreateCall,
  adminExhibitionPublishCall,
  boothApplyCall,
  boothPageCall,
  boothUpdateCall,
  channelCreateCall,
  myBoothsCall,
  reportSummaryCall,
} from "@vitrine/contract";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import {
  OWNER_PASSWORD,
  oneAtATime,
  registerOwner,
  SUPER_EMAIL,
  SUPER_PASSWORD,
  superToken,
  uploadReadyModel,
} from "./owner-support";
import { shoot as shootTo } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.EXHIBITION_SHOTS_DIR ?? "/tmp/shots-exhibition";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const slow = expect.configure({ timeout: 180_000 });
const DAY = 86_400_000;

const x = (lang: TLang, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)),
    text(lang, "exhibition", key),
  );
const codes = (lang: TLang, key: string) => text(lang, "codes", key);

test("an operator opens an exhibition, two businesses dress booths, a visitor enters one", async ({
  page,
  browser,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(420_000);
  mkdirSync(SHOTS, { recursive: true });
  const base = baseURL ?? "http://127.0.0.1:4173";
  const tag = `${lang}-${randomInt(1e6)}`;

  // The operator opens an exhibition of 3 aisles × 10 slots (API).
  const a = await registerOwner(request, base, lang, "booth-a");
  const boss = await superToken(a.send);
  const made = await a.send(
    adminExhibitionCreateCall,
    {
      name: { en: `Busan Lighting Fair ${tag}`, ko: `부산 조명 박람회 ${tag}` },
      description: { en: "Lamps and parts from Busan makers.", ko: "부산 제조사의 조명과 부품." },
      opens_at: new Date(Date.now() - DAY).toISOString(),
      closes_at: new Date(Date.now() + 30 * DAY).toISOString(),
      categories: [
        { key: "lamps", name: { en: "Lamps", ko: "조명" } },
        { key: "parts", name: { en: "Parts", ko: "부품" } },
      ],
      layout: { aisles: 3, slots_per_aisle: 10 },
      theme_color: "#0b7285",
    },
    boss,
  );
  if (!made.status) throw new Error(`exhibition: ${JSON.stringify(made)}`);
  const exhibitionId = made.data.doc.exhibition_id;
  expect(made.data.doc.slot_count).toBe(30);
  expect(
    (await a.send(adminExhibitionPublishCall, { exhibition_id: exhibitionId, published: true }, boss)).status,
  ).toBe(true);
  const name = lang === "en" ? `Busan Lighting Fair ${tag}` : `부산 조명 박람회 ${tag}`;

  // Business B dresses its booth through the API (a trial is Advanced).
  const b = await registerOwner(request, base, lang, "booth-b");
  expect((await b.send(channelCreateCall, { channel_name: "Parts Co" }, b.token)).status).toBe(true);
  const applied = await b.send(
    boothApplyCall,
    { exhibition_id: exhibitionId, slot: { aisle: 0, index: 1 }, category: "parts" },
    b.token,
  );
  if (!applied.status) throw new Error("apply failed");
  expect(
    (
      await b.send(
        boothUpdateCall,
        {
          booth_id: applied.data.doc.booth_id,
          logo_text: "PARTS CO",
          booth_color: "#c2255c",
          pitch: { en: "Brass lamp parts.", ko: "황동 조명 부품." },
        },
        b.token,
      )
    ).status,
  ).toBe(true);

  // Business A dresses its booth in the studio: slot A1, logo text, Fox as the product, pitch.
  const channelName = lang === "en" ? "Aurora Lamps" : "오로라 조명";
  await a.send(channelCreateCall, { channel_name: channelName }, a.token);
  await uploadReadyModel(a.send, base, a.token, FOX);
  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, a.email, OWNER_PASSWORD);
  await slow(page).toHaveURL(/\/Studio\/user$/);
  await page.goto("/Studio/user/booth");
  await expect(page.getByRole("heading", { name: x(lang, "studio.takeTitle") })).toBeVisible();
  await page.getByRole("textbox", { name: x(lang, "studio.exhibition") }).click();
  await page.getByRole("option", { name: new RegExp(name) }).click();
  await expect(
    page.getByRole("button", { name: x(lang, "studio.slotTaken", { label: "A2" }) }),
  ).toBeDisabled();
  await page.getByRole("button", { name: x(lang, "studio.slotFree", { label: "A1" }) }).click();
  await page.getByTestId("take-slot").click();
  await expect(page.getByLabel(x(lang, "studio.logoText"))).toBeVisible();
  await page.getByLabel(x(lang, "studio.logoText")).fill("AURORA");
  await page
    .getByRole("textbox", { name: x(lang, "studio.category") })
    .first()
    .click();
  await page.getByRole("option", { name: lang === "en" ? "Lamps" : "조명" }).click();
  await page.getByRole("checkbox", { name: "Fox" }).check();
  await page.getByLabel(x(lang, "studio.pitchEn")).fill("Desk lamps made in Busan since 1998.");
  await page.getByLabel(x(lang, "studio.pitchKo")).fill("1998년부터 부산에서 만든 책상 조명.");
  // The live preview follows the draft.
  const preview = page.getByTestId("booth-preview");
  await expect(preview.getByRole("heading", { name: "AURORA" })).toBeVisible();
  await page.getByTestId("booth-save").click();
  await expect(page.getByText(codes(lang, "boothSaved")).first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .locator("main")
    .first()
    .evaluate((el) => el.scrollTo(0, 0));
  await shoot(page, lang, "studio-booth");
  await page.setViewportSize(PHONE);
  await shoot(page, lang, "studio-booth");
  const mine = await a.send(myBoothsCall, { lang }, a.token);
  if (!mine.status || !mine.data.docs[0]) throw new Error("no booth");
  const boothId = mine.data.docs[0].booth_id;
  expect(mine.data.docs[0]).toMatchObject({ logo_text: "AURORA", slot: { label: "A1" }, product_count: 1 });

  // A visitor (desktop, then phone) finds the booths in the list, filters, and enters AURORA.
  for (const [device, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    // A browser's own user agent: headless Chromium's is a bot's, which analytics drops.
    const visitor = await browser.newContext({
      userAgent: devices["Desktop Chrome"].userAgent,
      locale: lang === "ko" ? "ko-KR" : "en-US",
      viewport,
    });
    const v = await visitor.newPage();
    await v.setExtraHTTPHeaders({ "x-forwarded-for": `10.88.${randomInt(256)}.${randomInt(1, 255)}` });
    await v.goto("/ShowRoom");
    await waitForApp(v);
    const card = v.getByRole("article", { name });
    await card.getByRole("link", { name: x(lang, "list.enter") }).click();
    await expect(v.getByRole("heading", { level: 1, name })).toBeVisible();
    const booths = v.getByRole("list", { name: x(lang, "hall.listLabel") });
    await expect(booths.getByTestId("booth-link")).toHaveCount(2);
    await shoot(v, lang, `visitor-${device}-exhibition`);
    const chips = v.getByRole("group", { name: x(lang, "hall.category") });
    await chips.getByText(lang === "en" ? "Parts" : "부품", { exact: true }).click();
    await expect(booths.getByTestId("booth-link")).toHaveCount(1);
    await expect(booths.getByText("PARTS CO", { exact: true })).toBeVisible();
    await chips.getByText(x(lang, "hall.allCategories"), { exact: true }).click();
    await v.getByRole("searchbox", { name: x(lang, "hall.search") }).fill("aurora");
    await expect(booths.getByTestId("booth-link")).toHaveCount(1);
    await booths.getByRole("link", { name: /AURORA/ }).click();
    await expect(v).toHaveURL(new RegExp(`/ShowRoom/${exhibitionId}/booth/${boothId}$`));
    await expect(v.getByRole("heading", { level: 1, name: "AURORA" })).toBeVisible();
    await expect(
      v.getByText(
        lang === "en" ? "Desk lamps made in Busan since 1998." : "1998년부터 부산에서 만든 책상 조명.",
      ),
    ).toBeVisible();
    if (device === "desktop") {
      // The product draws in the viewer and turns with a drag.
      await oneAtATime("exhibition-e2e", async () => {
        const stage = v.getByTestId("booth-stage");
        await slow(stage).toHaveAttribute("data-state", "ready");
        const canvas = v.locator("vitrine-viewer .vt-stage");
        await v.waitForTimeout(600);
        const before = await canvas.screenshot();
        const box = await canvas.boundingBox();
        if (!box) throw new Error("no canvas");
        await v.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await v.mouse.down();
        await v.mouse.move(box.x + box.width / 2 + 160, box.y + box.height / 2, { steps: 8 });
        await v.mouse.up();
        await expect
          .poll(async () => (await canvas.screenshot()).equals(before), { timeout: 30_000 })
          .toBe(false);
        await shoot(v, lang, "visitor-desktop-booth");
      });
    } else {
      await shoot(v, lang, "visitor-phone-booth");
    }
    await visitor.close();
  }
  // Two visitors from two addresses: two views, each counted once.
  await expect
    .poll(async () => {
      const res = await a.send(boothPageCall, { booth_id: boothId, lang });
      return res.status ? res.data.doc.views : -1;
    })
    .toBe(2);
  // The booth's visits reach its owner's analytics report.
  const today = new Date().toISOString().slice(0, 10);
  await expect
    .poll(
      async () => {
        const report = await a.send(reportSummaryCall, { from: today, to: today, zone: "UTC" }, a.token);
        if (!report.status) return -1;
        return report.data.top.find((thing) => thing.type === "booth" && thing.id === boothId)?.visits ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(2);

  // The console lists the exhibition for the operator.
  const operator = await browser.newContext({ locale: lang === "ko" ? "ko-KR" : "en-US", viewport: DESKTOP });
  const o = await operator.newPage();
  await o.setExtraHTTPHeaders({ "x-forwarded-for": `10.99.${randomInt(256)}.${randomInt(1, 255)}` });
  await o.goto("/login");
  await waitForApp(o);
  await fillSignIn(o, lang, SUPER_EMAIL, SUPER_PASSWORD);
  await o.waitForURL(/\/Studio\//);
  await o.goto("/Studio/admin/exhibitions");
  await expect(o.getByText(name)).toBeVisible();
  const row = o.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: x(lang, "admin.manageBooths") }).click();
  await expect(o.getByRole("heading", { name: x(lang, "admin.boothsOf", { name }) })).toBeVisible();
  await expect(o.getByText("PARTS CO", { exact: true })).toBeVisible();
  await shoot(o, lang, "console-exhibitions");
  await operator.close();

  expect(issues.pageErrors).toEqual([]);
});
