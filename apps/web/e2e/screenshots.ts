/**
 * Saves PNGs of key routes at 1280×800 and 390×844, in English and Korean, to /tmp/shots/.
 * Needs a running server: `BASE_URL=http://127.0.0.1:4173 npx tsx apps/web/e2e/screenshots.ts`.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:4173";
const OUT_DIR = process.env.SHOTS_DIR ?? "/tmp/shots";
const ROUTES: [string, string][] = [
  ["home", "/"],
  ["price", "/price"],
  ["login", "/login"],
  ["register", "/register"],
  ["showroom", "/ShowRoom"],
  ["qnalist", "/qnalist"],
  ["feed", "/an-unknown-path"],
  ["404", "/404"],
  ["500", "/500"],
];
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];
const LOCALES = [
  { lang: "en", locale: "en-US" },
  { lang: "ko", locale: "ko-KR" },
];

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
  });
  try {
    for (const { lang, locale } of LOCALES) {
      for (const viewport of VIEWPORTS) {
        const context = await browser.newContext({
          locale,
          viewport: { width: viewport.width, height: viewport.height },
          deviceScaleFactor: 1,
          isMobile: viewport.name === "phone",
          hasTouch: viewport.name === "phone",
        });
        const page = await context.newPage();
        for (const [name, path] of ROUTES) {
          await page.goto(`${BASE_URL}${path}`, { waitUntil: "networkidle" });
          await page.waitForTimeout(300);
          const file = join(OUT_DIR, `${lang}-${viewport.name}-${name}.png`);
          await page.screenshot({ path: file, fullPage: viewport.name === "desktop" });
          console.log(file);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
