/**
 * `<vitrine-viewer>` in a real browser, on a static harness page (bundled here with esbuild and
 * served by a tiny server; the app's pages are not needed): poster and progress, the Fox with two
 * annotations and two motion steps, the toolbar on desktop and phone, in English and Korean.
 * Screenshots land in `VIEWER_SHOTS_DIR` when it is set.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Frame, type Page, test } from "@playwright/test";
import { DEFAULT_SCENE, type TAnnotation, type TBuild, type TVec3 } from "@vitrine/contract";
import { build } from "esbuild";
import type { TElementHarness } from "../../../packages/viewer/harness/element";
import { type TWord, word } from "../../../packages/viewer/src/element/i18n";
import type { TViewerLang, TViewerShowConfig } from "../../../packages/viewer/src/element/types";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const harnessDir = join(repo, "packages", "viewer", "harness");
const FOX_CLIP = "Armature|Take 001|BaseLayer";
const BACKGROUND: [number, number, number] = [0xee, 0xf1, 0xf6];
const SHOTS = process.env.VIEWER_SHOTS_DIR;

/** The embed on a phone: a shop's 388×218 frame. */
const FRAME = { width: 388, height: 218 };
/** The Fox's box as drawn (min and max corners, metres; see facts.test.ts). */
const FOX_BOX: [TVec3, TVec3] = [
  [-1.732, -0.224, -2.238],
  [1.732, 2.004, 1.858],
];
/** Points on the top rim of the Fox's hexagonal base, the lowest part of the default view. */
const BASE_RIM: TVec3[] = [
  [0, 0.081, 1.85],
  [1.725, 0.081, 0.854],
  [-1.725, 0.081, 0.854],
];

let server: Server;
let origin = "";
/** Releases the second half of `/gated/Fox.glb` (the first half is sent at once). */
let releaseGate: () => void = () => undefined;
let gate = Promise.resolve();

function serve(bundleDir: string): Promise<Server> {
  const fox = readFileSync(join(repo, "fixtures", "models", "Fox.glb"));
  const handler = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(readFileSync(join(harnessDir, "element.html")));
    } else if (path === "/frame") {
      // A shop's page embedding the viewer in a small phone-sized frame.
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><meta charset="utf-8"><style>body{margin:8px}iframe{display:block;border:0;width:${FRAME.width}px;height:${FRAME.height}px}</style><iframe title="3D" src="/"></iframe>`,
      );
    } else if (path === "/element.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
      res.end(readFileSync(join(bundleDir, "element.js")));
    } else if (path === "/Fox.glb" || path === "/gated/Fox.glb") {
      res.writeHead(200, { "content-type": "model/gltf-binary", "content-length": fox.length });
      if (path === "/Fox.glb") {
        res.end(fox);
        return;
      }
      const half = Math.floor(fox.length / 2);
      res.write(fox.subarray(0, half));
      void gate.then(() => res.end(fox.subarray(half)));
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => handler.listen(0, "127.0.0.1", () => resolve(handler)));
}

function annotation(
  id: string,
  number: number,
  title: string,
  point: TVec3,
  extra: Partial<TAnnotation> = {},
) {
  return {
    annotation_id: id,
    title,
    content: `${title}: what this part does.`,
    axis: null,
    images: [],
    videos: [],
    marker: { posx: point[0], posy: point[1], posz: point[2], number },
    normal: null,
    ...extra,
  } satisfies TAnnotation;
}

/** Two annotations (saved in reverse marker order) and two motion steps on the Fox's one clip. */
function foxBuild(points: [TVec3, TVec3], withSteps = true, shadows = true): TBuild {
  return {
    annotationinfo: [
      annotation("tail", 2, "Tail", points[1]),
      annotation("head", 1, "Head", points[0], { images: ["/blobs/head-1.webp"], videos: [] }),
    ],
    animationinfo: withSteps
      ? [
          {
            animation_id: "s1",
            title: "Look around",
            content: "The fox looks around.",
            match_aniname: FOX_CLIP,
            images: [],
          },
          {
            animation_id: "s2",
            title: "Again",
            content: "Once more.",
            match_aniname: FOX_CLIP,
            images: [],
          },
        ]
      : [],
    materialinfo: [],
    sceneinfo: {
      ...DEFAULT_SCENE,
      background: { type: "color", color: "#eef1f6", color2: "#eef1f6", image: null },
      shadows: { enabled: shadows, opacity: 0.4 },
    },
  };
}

const langOf = (locale: string | undefined): TViewerLang => (locale?.startsWith("ko") ? "ko" : "en");

function config(lang: TViewerLang, build: TBuild, extra: Partial<TViewerShowConfig> = {}): TViewerShowConfig {
  return {
    modelUrl: "/Fox.glb",
    title: "Fox",
    build,
    lang,
    branding: { showLogo: true, showAds: true },
    specificationImages: ["/blobs/spec-1.webp", "/blobs/spec-2.webp"],
    ...extra,
  };
}

async function start(page: Page, showConfig: TViewerShowConfig) {
  await page.evaluate((c) => {
    (window as unknown as { elementHarness: TElementHarness }).elementHarness.start(c);
  }, showConfig);
}

async function outcome(page: Page): Promise<string | null> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { elementHarness: TElementHarness }).elementHarness.outcome,
    undefined,
    { timeout: 120_000 },
  );
  return (await handle.jsonValue()) as string | null;
}

let surfacePoints: [TVec3, TVec3] | null = null;

/** Two points on the Fox's surface seen from the default view (measured once per worker). */
async function foxPoints(page: Page, lang: TViewerLang): Promise<[TVec3, TVec3]> {
  if (surfacePoints) return surfacePoints;
  await start(
    page,
    config(
      lang,
      foxBuild(
        [
          [0, 0, 0],
          [0, 0, 0],
        ],
        false,
      ),
    ),
  );
  expect(await outcome(page)).toBe("ready");
  const candidates: [number, number][] = [
    [0.5, 0.5],
    [0.45, 0.45],
    [0.55, 0.45],
    [0.4, 0.5],
    [0.6, 0.5],
    [0.5, 0.4],
    [0.35, 0.45],
    [0.65, 0.45],
  ];
  const hits = await page.evaluate(
    (c) => (window as unknown as { elementHarness: TElementHarness }).elementHarness.surface(c),
    candidates,
  );
  const found = hits.filter((hit): hit is TVec3 => hit !== null);
  const [first] = found;
  if (!first) throw new Error("the default view shows no Fox");
  const distance = (a: TVec3) => Math.hypot(a[0] - first[0], a[1] - first[1], a[2] - first[2]);
  const farthest = found.reduce((best, hit) => (distance(hit) > distance(best) ? hit : best), first);
  surfacePoints = [first, farthest];
  return surfacePoints;
}

/** Opens the harness and shows the Fox; resolves when `show()` did. */
async function openFox(
  page: Page,
  lang: TViewerLang,
  options: {
    withSteps?: boolean;
    shadows?: boolean;
    reuse?: boolean;
    extra?: Partial<TViewerShowConfig>;
  } = {},
) {
  if (!options.reuse) await page.goto(`${origin}/`);
  await page.waitForFunction(() => "elementHarness" in window);
  const points = await foxPoints(page, lang);
  await start(
    page,
    config(lang, foxBuild(points, options.withSteps ?? true, options.shadows ?? true), options.extra),
  );
  expect(await outcome(page)).toBe("ready");
}

function shotPath(name: string, lang: TViewerLang): string | null {
  return SHOTS ? join(SHOTS, `viewer-element-${name}-${lang}.png`) : null;
}

/** Whether the camera's view is unchanged over 700 ms (a flight has landed, no rotation runs). */
async function isStillView(target: Page | Frame): Promise<boolean> {
  const view = () =>
    target.evaluate(() =>
      JSON.stringify(
        (
          window as unknown as { elementHarness: TElementHarness }
        ).elementHarness.element.viewer?.getCameraView(),
      ),
    );
  const before = await view();
  await new Promise((resolve) => setTimeout(resolve, 700));
  return before === (await view());
}

/** Waits until the camera's flight has landed. */
async function expectStillView(target: Page | Frame) {
  await expect.poll(() => isStillView(target), { timeout: 60_000 }).toBe(true);
}

/** Every corner of the Fox's box projects inside the `size` view and passes `isClear` (not under a card). */
async function expectWholeFox(
  target: Page | Frame,
  size: { width: number; height: number },
  isClear: (p: { x: number; y: number }) => boolean,
) {
  const corners: TVec3[] = [];
  for (const x of [0, 1])
    for (const y of [0, 1])
      for (const z of [0, 1]) {
        corners.push([FOX_BOX[x]?.[0] ?? 0, FOX_BOX[y]?.[1] ?? 0, FOX_BOX[z]?.[2] ?? 0]);
      }
  const projected = await target.evaluate(
    (c) => (window as unknown as { elementHarness: TElementHarness }).elementHarness.project(c),
    corners,
  );
  for (const p of projected) {
    expect(p, "a corner behind the camera").not.toBeNull();
    if (!p) continue;
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x).toBeLessThanOrEqual(size.width);
    expect(p.y).toBeGreaterThanOrEqual(0);
    expect(p.y).toBeLessThanOrEqual(size.height);
    expect(isClear(p), `${p.x.toFixed(0)}, ${p.y.toFixed(0)} is under the card`).toBe(true);
  }
}

async function shot(page: Page, name: string, lang: TViewerLang) {
  if (!SHOTS) return;
  await page.screenshot({ path: join(SHOTS, `viewer-element-${name}-${lang}.png`) });
}

test.describe("<vitrine-viewer>", () => {
  // One browser at a time: software WebGL is slow, and two would only fight for the CPU.
  test.describe.configure({ mode: "default", timeout: 240_000 });
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeAll(async () => {
    const bundleDir = mkdtempSync(join(tmpdir(), "vt-element-"));
    await build({
      entryPoints: [join(harnessDir, "element.ts")],
      bundle: true,
      format: "esm",
      target: "es2022",
      outfile: join(bundleDir, "element.js"),
      logLevel: "error",
    });
    server = await serve(bundleDir);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    releaseGate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test("shows the poster and a progress bar while loading, then the model with its markers", async ({
    page,
    locale,
  }) => {
    const lang = langOf(locale);
    const t = (key: TWord) => word(lang, key);
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => "elementHarness" in window);
    const points = await foxPoints(page, lang);
    gate = new Promise((resolve) => {
      releaseGate = resolve;
    });
    const poster = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="#c5d0e0"/></svg>')}`;
    await start(page, config(lang, foxBuild(points), { modelUrl: "/gated/Fox.glb", posterUrl: poster }));

    const progress = page.getByRole("progressbar", { name: t("loading") });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute("aria-valuenow", /^(4\d|50)$/);
    await expect(page.locator(".vt-poster")).toBeVisible();
    releaseGate();
    expect(await outcome(page)).toBe("ready");
    await expect(progress).toHaveCount(0);

    const coverage = await page.evaluate(
      (bg) => (window as unknown as { elementHarness: TElementHarness }).elementHarness.coverage(bg),
      BACKGROUND,
    );
    expect(coverage).toBeGreaterThan(0.02);
    await expect(page.locator(".vt-marker:not(.is-hidden)")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Head" })).toBeVisible();
    await expect(page.getByRole("link", { name: t("ad") })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: t("logo") })).toHaveAttribute("rel", "noopener");
    await shot(page, "desktop", lang);
  });

  test("walks the annotations in marker order with next and previous, and Escape closes the card", async ({
    page,
    locale,
  }) => {
    const lang = langOf(locale);
    const t = (key: TWord) => word(lang, key);
    await openFox(page, lang);
    const toolbar = page.getByRole("toolbar", { name: t("toolbar") });
    const card = page.getByRole("dialog");

    await toolbar.getByRole("button", { exact: true, name: t("next") }).click();
    await expect(card).toHaveAccessibleName("Head");
    await expect(card).toContainText("Head: what this part does.");
    await expect(card.getByRole("img")).toHaveCount(1);
    await expect(page.locator(".vt-marker.is-active")).toHaveText("1");
    await shot(page, "card", lang);

    await toolbar.getByRole("button", { exact: true, name: t("next") }).click();
    await expect(card).toHaveAccessibleName("Tail");
    await toolbar.getByRole("button", { exact: true, name: t("next") }).click();
    await expect(card).toHaveAccessibleName("Head");
    await toolbar.getByRole("button", { exact: true, name: t("prev") }).click();
    await expect(card).toHaveAccessibleName("Tail");

    await page.keyboard.press("Escape");
    await expect(card).toBeHidden();
    await expect(page.locator(".vt-marker.is-active")).toHaveCount(0);

    await page.locator(".vt-stage").focus();
    await page.keyboard.press("ArrowRight");
    await expect(card).toHaveAccessibleName("Head");
    await page.keyboard.press("Escape");
    await page.locator(".vt-marker:not(.is-hidden)", { hasText: "2" }).click();
    await expect(card).toHaveAccessibleName("Tail");
  });

  test("runs the motion simulation: start, pause, resume, next step, stop", async ({ page, locale }) => {
    const lang = langOf(locale);
    const t = (key: TWord) => word(lang, key);
    const state = (n: number, key: TWord) => `${word(lang, "step", { n, total: 2 })} · ${t(key)}`;
    // Every frame is drawn while a clip plays: a smaller view without shadows keeps software WebGL
    // responsive enough for the clicks (the desktop layout stays: the window is 1280 px wide).
    test.setTimeout(480_000);
    await page.goto(`${origin}/`);
    await page.addStyleTag({ content: "vitrine-viewer{width:720px!important;height:420px!important}" });
    await openFox(page, lang, { shadows: false, reuse: true });
    const toolbar = page.getByRole("toolbar", { name: t("toolbar") });
    const card = page.getByRole("dialog");
    const motion = () =>
      page.evaluate(
        () =>
          (window as unknown as { elementHarness: TElementHarness }).elementHarness.element.viewer?.motion,
      );

    await toolbar.getByRole("button", { exact: true, name: t("start") }).click();
    await expect(card).toHaveAccessibleName("Look around");
    await expect(card).toContainText(state(1, "playing"));
    expect(await motion()).toEqual({ clip: FOX_CLIP, isPaused: false });

    await toolbar.getByRole("button", { exact: true, name: t("pause") }).click();
    await expect(card).toContainText(state(1, "paused"));
    expect(await motion()).toEqual({ clip: FOX_CLIP, isPaused: true });

    await toolbar.getByRole("button", { exact: true, name: t("resume") }).click();
    await expect(card).toContainText(state(1, "playing"));

    await toolbar.getByRole("button", { exact: true, name: t("next") }).click();
    await expect(card).toHaveAccessibleName("Again");
    await expect(card).toContainText(state(2, "playing"));
    await shot(page, "motion", lang);

    await toolbar.getByRole("button", { exact: true, name: t("stop") }).click();
    await expect(card).toContainText(state(2, "stopped"));
    await expect(toolbar.getByRole("button", { exact: true, name: t("start") })).toBeVisible();
    expect(await motion()).toBeNull();

    // The actions list starts from the picked step.
    await toolbar.getByRole("button", { exact: true, name: t("actions") }).click();
    await page
      .getByRole("dialog", { name: t("actions") })
      .getByRole("button", { name: "2. Again" })
      .click();
    await expect(card).toContainText(state(2, "playing"));
    // Space toggles pause when the viewer itself has focus.
    await page.locator(".vt-stage").focus();
    await page.keyboard.press(" ");
    await expect(card).toContainText(state(2, "paused"));
  });

  test("toggles auto rotation, shows size, description, images and the guide", async ({ page, locale }) => {
    const lang = langOf(locale);
    const t = (key: TWord) => word(lang, key);
    await openFox(page, lang, { extra: { dimensions: [0.123, 0.08, 0.041] } });
    const toolbar = page.getByRole("toolbar", { name: t("toolbar") });
    const panel = page.getByRole("dialog");

    const rotate = toolbar.getByRole("button", { exact: true, name: t("rotate") });
    await expect(rotate).toHaveAttribute("aria-pressed", "false");
    await rotate.click();
    await expect(rotate).toHaveAttribute("aria-pressed", "true");
    await rotate.click();
    await expect(rotate).toHaveAttribute("aria-pressed", "false");

    // The size is the model as drawn (the engine's measure wins over a stale figure from the host):
    // the Fox's skinned body stands 2.0 m tall on its 3.46 m base, 2.23 m in all.
    await toolbar.getByRole("button", { exact: true, name: t("size") }).click();
    await expect(panel).toContainText(
      lang === "ko" ? "가로 3.46 m × 높이 2.23 m × 깊이 4.10 m" : "W 3.46 m × H 2.23 m × D 4.10 m",
    );

    await toolbar.getByRole("button", { exact: true, name: t("description") }).click();
    await expect(panel).toContainText(t("noInfo"));

    await toolbar.getByRole("button", { exact: true, name: t("images") }).click();
    await expect(panel.getByRole("img")).toHaveCount(2);

    await toolbar.getByRole("button", { exact: true, name: t("guide") }).click();
    await expect(panel).toContainText(t("gDrag"));
    await expect(panel).toContainText(t("gKeys"));

    // With an annotation open, description shows its text.
    await toolbar.getByRole("button", { exact: true, name: t("next") }).click();
    await toolbar.getByRole("button", { exact: true, name: t("description") }).click();
    await expect(panel).toContainText("Head: what this part does.");

    // Every label follows a live language switch.
    const other: TViewerLang = lang === "ko" ? "en" : "ko";
    await page.evaluate(
      (l) => (window as unknown as { elementHarness: TElementHarness }).elementHarness.element.setLang(l),
      other,
    );
    await expect(page.getByRole("button", { name: word(other, "rotate") })).toBeVisible();
    await expect(page.getByRole("toolbar", { name: word(other, "toolbar") })).toBeVisible();
  });

  test("says so when the content has no motion simulation", async ({ page, locale }) => {
    const lang = langOf(locale);
    const t = (key: TWord) => word(lang, key);
    await openFox(page, lang, { withSteps: false });
    const toolbar = page.getByRole("toolbar", { name: t("toolbar") });
    await toolbar.getByRole("button", { exact: true, name: t("start") }).click();
    await expect(page.getByRole("dialog")).toContainText(t("noMotion"));
    await page.keyboard.press("Escape");
    await toolbar.getByRole("button", { exact: true, name: t("actions") }).click();
    await expect(page.getByRole("dialog")).toContainText(t("noMotion"));
  });

  test("explains a model that cannot be loaded", async ({ page, locale }) => {
    const lang = langOf(locale);
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => "elementHarness" in window);
    await start(
      page,
      config(
        lang,
        foxBuild([
          [0, 0, 0],
          [0, 0, 0],
        ]),
        { modelUrl: "/missing.glb" },
      ),
    );
    expect(await outcome(page)).not.toBe("ready");
    await expect(page.getByRole("alert")).toContainText(word(lang, "errorLoad"));
    await expect(page.getByRole("button", { name: word(lang, "retry") })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test("has a compact bar and a sheet with the other actions", async ({ page, locale }) => {
      const lang = langOf(locale);
      const t = (key: TWord) => word(lang, key);
      await openFox(page, lang, { extra: { dimensions: [0.123, 0.08, 0.041] } });
      const toolbar = page.getByRole("toolbar", { name: t("toolbar") });
      for (const key of ["prev", "start", "stop", "next", "more"] as const) {
        await expect(toolbar.getByRole("button", { exact: true, name: t(key) })).toBeVisible();
      }
      await expect(page.getByRole("button", { exact: true, name: t("size") })).toBeHidden();
      await shot(page, "phone", lang);

      const more = toolbar.getByRole("button", { exact: true, name: t("more") });
      await more.click();
      await expect(more).toHaveAttribute("aria-expanded", "true");
      await shot(page, "phone-sheet", lang);
      await page.getByRole("button", { exact: true, name: t("size") }).click();
      await expect(more).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("dialog")).toContainText("2.23 m");

      await toolbar.getByRole("button", { exact: true, name: t("next") }).click();
      await expect(page.getByRole("dialog")).toHaveAccessibleName("Head");
      await shot(page, "phone-card", lang);
    });
  });

  test.describe("in a shop's 388×218 frame", () => {
    test("fits: a compact bar inside the frame, the rest in the sheet, no marker under the bar", async ({
      page,
      locale,
    }) => {
      const lang = langOf(locale);
      const t = (key: TWord) => word(lang, key);
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => "elementHarness" in window);
      const points = await foxPoints(page, lang);
      await page.goto(`${origin}/frame`);
      const inner = page.frameLocator("iframe");
      const frame = page.frames().find((f) => f !== page.mainFrame());
      if (!frame) throw new Error("no frame");
      await frame.waitForFunction(() => "elementHarness" in window);
      const build = foxBuild(points);
      build.annotationinfo.push(
        ...BASE_RIM.map((point, i) => annotation(`rim${i}`, 3 + i, `Base ${i + 1}`, point)),
      );
      await frame.evaluate(
        (c) => (window as unknown as { elementHarness: TElementHarness }).elementHarness.start(c),
        config(lang, build),
      );
      await frame.waitForFunction(
        () => (window as unknown as { elementHarness: TElementHarness }).elementHarness.outcome !== null,
        undefined,
        { timeout: 120_000 },
      );
      const box = await page.locator("iframe").boundingBox();
      if (!box) throw new Error("frame not laid out");
      const toolbar = inner.getByRole("toolbar", { name: t("toolbar") });
      await expect(toolbar).toBeVisible();

      // Nothing overflows the frame.
      const sizes = await frame.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.scrollHeight,
      ]);
      expect(sizes).toEqual([FRAME.width, FRAME.height]);
      const bar = await toolbar.boundingBox();
      if (!bar) throw new Error("bar not laid out");
      expect(bar.y + bar.height).toBeLessThanOrEqual(box.y + box.height);
      expect(bar.x).toBeGreaterThanOrEqual(box.x);
      expect(bar.x + bar.width).toBeLessThanOrEqual(box.x + box.width);
      // The fewest buttons stay in the bar; the others are one tap away in the sheet.
      for (const key of ["prev", "start", "next", "more"] as const) {
        await expect(toolbar.getByRole("button", { exact: true, name: t(key) })).toBeVisible();
      }
      await expect(inner.getByRole("button", { exact: true, name: t("stop") })).toBeHidden();

      // Every marker shown is clear of the bar (the view is framed above it; the rest hide).
      await expect(inner.locator(".vt-marker:not(.is-hidden)").first()).toBeVisible();
      const overlaps = async () => {
        const markers = await inner.locator(".vt-marker:not(.is-hidden)").all();
        const hits: string[] = [];
        for (const marker of markers) {
          const m = await marker.boundingBox();
          const isOver =
            m &&
            m.x < bar.x + bar.width &&
            m.x + m.width > bar.x &&
            m.y + m.height > bar.y &&
            m.y < bar.y + bar.height;
          if (isOver) hits.push((await marker.textContent()) ?? "?");
        }
        return hits;
      };
      expect(await overlaps()).toEqual([]);
      await expect(inner.locator(".vt-marker:not(.is-hidden)", { hasText: "3" })).toBeVisible();
      await page.screenshot({ path: shotPath("frame", lang) ?? join(tmpdir(), "vt-frame.png") });

      // The sheet and what it opens stay inside the frame.
      const more = toolbar.getByRole("button", { exact: true, name: t("more") });
      await more.click();
      const sheet = await inner.locator(".vt-sheet").boundingBox();
      expect(sheet && sheet.y >= box.y && sheet.y + sheet.height <= box.y + box.height).toBe(true);
      await page.screenshot({ path: shotPath("frame-sheet", lang) ?? join(tmpdir(), "vt-frame-sheet.png") });
      await inner.getByRole("button", { exact: true, name: t("size") }).click();
      await expect(inner.getByRole("dialog")).toContainText("2.23 m");

      // A note: its card at the side, the whole Fox framed in what is left.
      await toolbar.getByRole("button", { exact: true, name: t("next") }).click();
      const card = inner.getByRole("dialog");
      await expect(card).toHaveAccessibleName("Head");
      // The camera flies to frame the Fox beside the card; measure once it has landed.
      await expectStillView(frame);
      const cardBox = await card.boundingBox();
      if (!cardBox) throw new Error("card not laid out");
      expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(box.y + box.height);
      await expectWholeFox(
        frame,
        { width: FRAME.width, height: FRAME.height },
        (p) => p.x < cardBox.x - box.x,
      );
      expect(await overlaps()).toEqual([]);
      await page.screenshot({ path: shotPath("frame-card", lang) ?? join(tmpdir(), "vt-frame-card.png") });
    });
  });

  test.describe("a note on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test("shows its marker while flying, frames the whole model above the card, pauses rotation", async ({
      page,
      locale,
    }) => {
      const lang = langOf(locale);
      const t = (key: TWord) => word(lang, key);
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => "elementHarness" in window);
      const points = await foxPoints(page, lang);
      const build = foxBuild(points, false, false);
      build.sceneinfo = { ...build.sceneinfo, auto_rotate: true };
      // A marker on a surface facing away from the first view: hidden until the camera turns.
      build.annotationinfo.push(annotation("away", 3, "Away", points[0], { normal: [0, 0, -1] }));
      await start(page, config(lang, build));
      expect(await outcome(page)).toBe("ready");
      const away = page.locator(".vt-marker", { hasText: "3" });
      await expect(away).toHaveClass(/is-hidden/);

      // "Previous" from no note opens the last one (3): its marker shows at once, before the flight.
      const opened = await page.evaluate(() => {
        document.querySelector<HTMLElement>(".vt-bar [data-act=prev]")?.click();
        const marker = document.querySelector(".vt-marker.is-active");
        return { number: marker?.textContent, isHidden: marker?.classList.contains("is-hidden") };
      });
      expect(opened).toEqual({ number: "3", isHidden: false });
      const card = page.getByRole("dialog");
      await expect(card).toHaveAccessibleName("Away");

      // Rotation holds while the note is open: once the flight lands, the view stays put.
      await expectStillView(page);
      const cardBox = await card.boundingBox();
      if (!cardBox) throw new Error("card not laid out");
      await expectWholeFox(page, { width: 390, height: 844 }, (p) => p.y < cardBox.y);
      await expect(away).not.toHaveClass(/is-hidden/);
      await shot(page, "phone-note", lang);

      // Closing the note lets it turn again; the visitor's setting is unchanged.
      await card.getByRole("button", { name: t("close") }).click();
      await expect(card).toBeHidden();
      await expect.poll(() => isStillView(page), { timeout: 60_000 }).toBe(false);
      await page.getByRole("button", { exact: true, name: t("more") }).click();
      await expect(page.getByRole("button", { exact: true, name: t("rotate") })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    });
  });
});
