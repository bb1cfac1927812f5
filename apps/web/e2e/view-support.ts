/**
 * What the WebGL journeys share: screenshots named by language and width, and a count of the
 * pixels of a view that stand out from its backdrop (the model was drawn, not a blank frame).
 */
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import type { TLang } from "./fixtures";

/** Saves `<dir>/<lang>-<phone|desktop>-<name>.png` after transitions and the next frame settle. */
export async function shoot(dir: string, page: Page, lang: TLang, name: string): Promise<void> {
  const size = page.viewportSize();
  const kind = size && size.width < 600 ? "phone" : "desktop";
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(dir, `${lang}-${kind}-${name}.png`) });
}

/**
 * Pixels of `view` whose colour differs from `background` (#rrggbb) by more than `minDiff`
 * (sum of the channel differences), counted in the page.
 */
export async function pixelsUnlike(
  page: Page,
  view: Locator,
  background: string,
  minDiff = 90,
): Promise<number> {
  const png = (await view.screenshot()).toString("base64");
  return page.evaluate(
    async ({ data, hex, threshold }) => {
      const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext("2d");
      if (!ctx) return 0;
      ctx.drawImage(bitmap, 0, 0);
      const pixels = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      let count = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const diff =
          Math.abs((pixels[i] ?? 0) - (r ?? 0)) +
          Math.abs((pixels[i + 1] ?? 0) - (g ?? 0)) +
          Math.abs((pixels[i + 2] ?? 0) - (b ?? 0));
        if (diff > threshold) count += 1;
      }
      return count;
    },
    { data: png, hex: background, threshold: minDiff },
  );
}
