/**
 * Accessibility: axe-core on every public route at desktop and phone size, in the project's
 * language. Any serious or critical violation fails, with the rule, the nodes and axe's summary.
 * One page load per route and size; the share page and the embed use a real open link to an
 * annotated model made through the API.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { contentDetailCall, contentUpdateCall, shareLinkCreateCall } from "@vitrine/contract";
import { expect, test, waitForApp } from "./fixtures";
import { registerOwner, type TSend, uploadReadyModel } from "./owner-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
/** Every public route of SPEC §2 but the share page and the embed (which need a link). */
const ROUTES = [
  "/",
  "/login",
  "/register",
  "/forgotpass",
  "/price",
  "/Reference",
  "/ShowCase/",
  "/Channel/x",
  "/ShowRoom",
  "/qnalist",
  "/qnanewlist",
  "/qnawrite",
  "/qnacontentdetails",
  "/user_terms",
  "/terms_detail",
  "/404",
  "/an-unknown-path",
];
// Software WebGL: a first frame can take a minute on a busy machine.
const slow = expect.configure({ timeout: 240_000 });

/**
 * The serious and critical violations on the page, one line per rule and node. Besides axe's
 * defaults this runs `label-content-name-mismatch` (experimental in axe): a control whose
 * accessible name does not contain its visible text cannot be called by voice.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((node) => `${v.impact} ${v.id}: ${node.target.join(" ")} — ${node.failureSummary ?? ""}`),
    );
}

/** Gives the content two numbered annotations, so the share page and embed show markers. */
async function annotate(send: TSend, token: string, contentId: string): Promise<void> {
  const detail = await send(contentDetailCall, { content_id: contentId }, token);
  if (!detail.status) throw new Error("no content detail");
  const [w, h, d] = detail.data.doc.model_info?.dimensions ?? [1, 1, 1];
  const annotation = (n: number, title: string, x: number) => ({
    annotation_id: `a${n}`,
    title,
    content: `${title} — a11y`,
    axis: null,
    images: [],
    videos: [],
    marker: { posx: x * w, posy: 0.6 * h, posz: 0.1 * d, number: n },
    normal: null,
  });
  const res = await send(
    contentUpdateCall,
    {
      content_id: contentId,
      build: {
        ...detail.data.doc.build,
        annotationinfo: [annotation(1, "Ear", 0.2), annotation(2, "Tail", -0.3)],
      },
    },
    token,
  );
  expect(res.status).toBe(true);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`axe at ${size} size`, () => {
    test.use({ viewport });

    for (const path of ROUTES) {
      test(`${path} has no serious or critical violation`, async ({ page }) => {
        await page.goto(path);
        await waitForApp(page);
        await expect(page.locator("main").first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        expect(await seriousViolations(page)).toEqual([]);
        // Reflow (WCAG 1.4.10): the page itself never scrolls sideways; wide tables scroll inside.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      });
    }
  });
}

test("the share page and the embed have no serious or critical violation", async ({
  page,
  request,
  lang,
  baseURL,
}) => {
  test.setTimeout(900_000);
  const base = baseURL ?? "http://127.0.0.1:4173";
  const { send, token } = await registerOwner(request, base, lang, "a11y");
  const contentId = await uploadReadyModel(send, base, token, FOX);
  await annotate(send, token, contentId);
  const link = await send(shareLinkCreateCall, { content_id: contentId }, token);
  if (!link.status) throw new Error("no share link");
  const id = link.data.doc.sharelink_url;

  const found: string[] = [];
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.goto(`/share/${id}`);
    await slow(page.locator("main.ve-page")).toHaveAttribute("data-drawn", "ready");
    await slow(page.locator("vitrine-viewer .vt-marker:not(.is-hidden)").first()).toBeAttached();
    found.push(...(await seriousViolations(page)).map((line) => `share ${size}: ${line}`));

    await page.goto(`/embed?id=${id}`);
    await slow(page.locator("vitrine-viewer .vt-marker:not(.is-hidden)").first()).toBeAttached();
    found.push(...(await seriousViolations(page)).map((line) => `embed ${size}: ${line}`));
  }
  expect(found).toEqual([]);
});
