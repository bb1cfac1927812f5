/**
 * The 3D exhibition hall (issue 13, "Visitors" and "Fast on phones"): a hall of 60 dressed booths
 * on the hall test page (`/hallTest`, generated booths), walked with keys on a desktop and with
 * the joystick and touch drags on a phone, a booth found by search and opened, and the renderer's
 * own counters within budget (≤ 50k triangles, ≤ 100 draw calls); and a real exhibition, set up
 * through the API, read by the adapter the exhibition pages use.
 */
import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import {
  adminExhibitionCreateCall,
  adminExhibitionPublishCall,
  boothApplyCall,
  boothUpdateCall,
  channelCreateCall,
} from "@vitrine/contract";
import { expect, test, text } from "./fixtures";
import { registerOwner, superToken } from "./owner-support";

const SHOTS = process.env.HALL_SHOTS_DIR ?? "/tmp/shots-hall";

async function openHall(page: Page, query = "booths=60&aisles=3&slots=20"): Promise<Locator> {
  await page.goto(`/hallTest?${query}`);
  const hall = page.getByTestId("hall");
  await expect(hall).toHaveAttribute("data-first-frame", /\d/, { timeout: 60_000 });
  return hall;
}

async function num(hall: Locator, name: string): Promise<number> {
  return Number(await hall.getAttribute(`data-${name}`));
}

/** The counters of the last frame are within the hall's budget. */
async function expectBudget(hall: Locator, atLeast = 5_000): Promise<void> {
  const triangles = await num(hall, "triangles");
  const calls = await num(hall, "calls");
  expect(triangles).toBeGreaterThan(atLeast);
  expect(triangles).toBeLessThanOrEqual(50_000);
  expect(calls).toBeGreaterThan(2);
  expect(calls).toBeLessThanOrEqual(100);
}

async function findBooth(page: Page, lang: "en" | "ko", name: string): Promise<void> {
  const search = page.getByRole("textbox", { name: text(lang, "hall", "test.search") });
  await search.fill(name);
  await page.getByRole("option", { name, exact: true }).click();
}

test.describe("the 3D hall", () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test("desktop: walks with keys, finds a booth, opens it, within budget", async ({ page, lang, issues }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const hall = await openHall(page);
    await expect(hall).toHaveAttribute(
      "aria-label",
      new RegExp(text(lang, "hall", "label").replace("{{name}}", "Vitrine Expo 2026")),
    );
    await expectBudget(hall);
    // Images arrive after the first frame, nearest booths first.
    await expect.poll(() => num(hall, "images-loaded"), { timeout: 30_000 }).toBeGreaterThan(20);
    await page.screenshot({ path: `${SHOTS}/hall-${lang}-desktop.png` });

    // Walk forward with W, turn with the left arrow.
    await hall.focus();
    const z0 = await num(hall, "z");
    await page.keyboard.down("KeyW");
    await expect.poll(() => num(hall, "z"), { timeout: 10_000 }).toBeLessThan(z0 - 1.5);
    await page.keyboard.up("KeyW");
    const yaw0 = await num(hall, "yaw");
    await page.keyboard.down("ArrowLeft");
    await expect.poll(() => num(hall, "yaw"), { timeout: 10_000 }).toBeGreaterThan(yaw0 + 0.3);
    await page.keyboard.up("ArrowLeft");

    // Search flies to a booth in another aisle; it ends up in front of the visitor.
    await findBooth(page, lang, "Pixel Forge 2");
    await expect(hall).toHaveAttribute("data-facing", "booth-27", { timeout: 20_000 });
    await expect(
      page.getByRole("button", { name: text(lang, "hall", "enter").replace("{name}", "Pixel Forge 2") }),
    ).toBeVisible();
    await expectBudget(hall);
    await page.screenshot({ path: `${SHOTS}/hall-${lang}-desktop-booth.png` });
    // A click on the booth in front opens it.
    const box = await hall.boundingBox();
    if (!box) throw new Error("no hall box");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.45);
    await expect(page.getByTestId("hall-entered")).toHaveAttribute("data-booth", "booth-27");
    expect(issues.pageErrors).toEqual([]);
  });

  test("phone: joystick and touch drags walk and look, Enter opens", async ({ browser, lang }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      locale: lang === "ko" ? "ko-KR" : "en-US",
    });
    const page = await context.newPage();
    try {
      const hall = await openHall(page);
      await expectBudget(hall);
      const joystick = page.getByRole("application", { name: text(lang, "hall", "joystick") });
      await expect(joystick).toBeVisible();
      await expect.poll(() => num(hall, "images-loaded"), { timeout: 30_000 }).toBeGreaterThan(10);
      await page.screenshot({ path: `${SHOTS}/hall-${lang}-phone.png` });

      // A thumb on the joystick, pushed up: the visitor walks down the aisle.
      const cdp = await context.newCDPSession(page);
      const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
        cdp.send("Input.dispatchTouchEvent", {
          type,
          touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1 }],
        });
      const j = await joystick.boundingBox();
      if (!j) throw new Error("no joystick");
      const cx = j.x + j.width / 2;
      const cy = j.y + j.height / 2;
      const z0 = await num(hall, "z");
      await touch("touchStart", cx, cy);
      await touch("touchMove", cx, cy - 20);
      await touch("touchMove", cx, cy - 45);
      await expect.poll(() => num(hall, "z"), { timeout: 10_000 }).toBeLessThan(z0 - 1.5);
      await touch("touchEnd", cx, cy - 45);

      // A drag on the view turns it.
      const h = await hall.boundingBox();
      if (!h) throw new Error("no hall box");
      const yaw0 = await num(hall, "yaw");
      const sx = h.x + h.width * 0.7;
      const sy = h.y + h.height * 0.4;
      await touch("touchStart", sx, sy);
      for (let i = 1; i <= 5; i++) await touch("touchMove", sx - i * 25, sy);
      await touch("touchEnd", sx - 125, sy);
      await expect.poll(() => num(hall, "yaw"), { timeout: 10_000 }).toBeGreaterThan(yaw0 + 0.3);

      // Found by search, then opened with the button that names the booth in front.
      await findBooth(page, lang, "Mirae Foods");
      await expect(hall).toHaveAttribute("data-facing", "booth-3", { timeout: 20_000 });
      await page.screenshot({ path: `${SHOTS}/hall-${lang}-phone-booth.png` });
      await page
        .getByRole("button", { name: text(lang, "hall", "enter").replace("{name}", "Mirae Foods") })
        .tap();
      await expect(page.getByTestId("hall-entered")).toHaveAttribute("data-booth", "booth-3");
      await expectBudget(hall);
    } finally {
      await context.close();
    }
  });

  test("an exhibition set up through the API stands in the hall; Enter opens its booth", async ({
    page,
    request,
    baseURL,
    lang,
  }) => {
    test.setTimeout(120_000);
    const owner = await registerOwner(request, baseURL ?? "", lang, "hall");
    const boss = await superToken(owner.send);
    const day = 24 * 3600_000;
    const made = await owner.send(
      adminExhibitionCreateCall,
      {
        name: { en: `Hall Journey Fair ${lang}`, ko: `전시장 여정 박람회 ${lang}` },
        description: { en: "", ko: "" },
        opens_at: new Date(Date.now() - day).toISOString(),
        closes_at: new Date(Date.now() + 30 * day).toISOString(),
        categories: [],
        layout: { aisles: 2, slots_per_aisle: 6 },
        theme_color: "#0b7285",
      },
      boss,
    );
    if (!made.status) throw new Error(`exhibition not made: ${made.message}`);
    const exhibitionId = made.data.doc.exhibition_id;
    expect(
      (await owner.send(adminExhibitionPublishCall, { exhibition_id: exhibitionId, published: true }, boss))
        .status,
    ).toBe(true);
    expect(
      (await owner.send(channelCreateCall, { channel_name: "Aurora Lamps", origin_lang: "en" }, owner.token))
        .status,
    ).toBe(true);
    const applied = await owner.send(
      boothApplyCall,
      { exhibition_id: exhibitionId, slot: { aisle: 1, index: 2 }, category: null, lang },
      owner.token,
    );
    if (!applied.status) throw new Error(`booth not taken: ${applied.message}`);
    const boothId = applied.data.doc.booth_id;
    const logo = lang === "ko" ? "오로라 조명" : "Aurora Lighting";
    const dressed = await owner.send(
      boothUpdateCall,
      { booth_id: boothId, logo_text: logo, booth_color: "#c2255c", lang },
      owner.token,
    );
    expect(dressed.status).toBe(true);

    await page.setViewportSize({ width: 1280, height: 800 });
    const hall = await openHall(page, `exhibition=${exhibitionId}`);
    await expect(hall).toHaveAttribute(
      "aria-label",
      new RegExp(`Hall Journey Fair ${lang}|전시장 여정 박람회 ${lang}`),
    );
    await expectBudget(hall, 200);
    await findBooth(page, lang, logo);
    await expect(hall).toHaveAttribute("data-facing", boothId, { timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/hall-${lang}-exhibition.png` });
    await hall.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("hall-entered")).toHaveAttribute("data-booth", boothId);
  });
});
