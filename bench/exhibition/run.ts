/**
 * Exhibition bench (issue 13): the 3D hall of 60 dressed booths against `/embed` of one product
 * (Fox), in headless Chromium with software WebGL (SwiftShader), same machine, same run.
 *
 *   npm run build && npx tsx bench/exhibition/run.ts        (BENCH_RUNS=7 for more runs; default 5)
 *
 * (a) Navigation → first frame: the hall at its `data-first-frame` (set one animation frame after
 *     its first render: floor, walls, booths, logos and signage drawn; booth images stream in
 *     afterwards, nearest first), `/embed` at the element's `vt-ready` (two frames after the model
 *     is in). Both confirmed by non-background pixels. Median of N cold runs (a fresh browser
 *     context each), alternating which goes first.
 * (b) JavaScript (gzip level 9 of the files fetched before the first frame) and texture bytes
 *     (image files fetched before the first frame; texture memory uploaded, RGBA without mipmaps).
 * (c) Triangles and draw calls of the hall's frames, from the renderer's own counters
 *     (`renderer.info.render`), at the first frame and once the images are in.
 *
 * The hall is the hall test page (`/hallTest`: 3 aisles × 20 slots, 60 booths, two wall images
 * and a hero poster each = 180 pictures); its pictures are JPEGs made here with sharp (960×720,
 * 12 different ones) served same-origin by Playwright's router (as the server's blobs would be).
 * Our production server (PGlite, temp DATA_DIR) serves the app, `/embed` and Fox's share link.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { median, prepareContent, startServer } from "../viewer/vitrine-site";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const WEB_DIST = join(root, "apps", "web", "dist");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4293);
const VIEWPORT = { width: 960, height: 640 };
const PICTURES = 12;
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** Booth pictures: 960×720 JPEGs with shapes and noise, so they weigh what photos weigh. */
async function makePictures(): Promise<Buffer[]> {
  const colours = ["#1f6feb", "#d9480f", "#2b8a3e", "#862e9c", "#c2255c", "#0b7285"];
  const out: Buffer[] = [];
  for (let i = 0; i < PICTURES; i++) {
    const c = colours[i % colours.length];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6f3ee"/><stop offset="1" stop-color="${c}" stop-opacity="0.45"/></linearGradient></defs>
<rect width="960" height="720" fill="url(#g)"/>
<circle cx="${380 + i * 17}" cy="340" r="${180 + i * 5}" fill="${c}"/>
<rect x="560" y="180" width="240" height="360" rx="30" fill="#ffffff" opacity="0.7"/>
<text x="80" y="660" font-family="sans-serif" font-size="64" font-weight="700" fill="#222">Product ${i + 1}</text></svg>`;
    const noise = await sharp({
      create: { width: 960, height: 720, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 18 } },
    })
      .png()
      .toBuffer();
    out.push(
      await sharp(Buffer.from(svg))
        .composite([{ input: noise, blend: "overlay" }])
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  return out;
}

/** Records when the page drew: the hall's `data-first-frame`, the element's `vt-ready`. */
function readyProbe(): void {
  const w = window as unknown as { __drawnAt?: number; __firstTexture?: number; __firstCounters?: number[] };
  document.addEventListener(
    "vt-ready",
    () => {
      w.__drawnAt = performance.now();
    },
    true,
  );
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target as HTMLElement;
      if (r.attributeName === "data-first-frame" && el.dataset.firstFrame && w.__drawnAt === undefined) {
        w.__drawnAt = Number(el.dataset.firstFrame);
        w.__firstTexture = Number(el.dataset.textureBytes);
        w.__firstCounters = [Number(el.dataset.triangles), Number(el.dataset.calls)];
      }
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-first-frame"] });
}

async function drawnShare(page: Page): Promise<number> {
  const png = (await page.screenshot()).toString("base64");
  return page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext("2d");
    if (!ctx) return 0;
    ctx.drawImage(bitmap, 0, 0);
    const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const [r, g, b] = [px[0] ?? 0, px[1] ?? 0, px[2] ?? 0];
    let count = 0;
    for (let i = 0; i < px.length; i += 4) {
      if (Math.abs((px[i] ?? 0) - r) + Math.abs((px[i + 1] ?? 0) - g) + Math.abs((px[i + 2] ?? 0) - b) > 60)
        count++;
    }
    return count / (px.length / 4);
  }, png);
}

interface TRun {
  ms: number;
  drawn: number;
  /** Gzip bytes of the scripts fetched before the first frame. */
  jsGzip: number;
  jsFiles: number;
  /** Image file bytes fetched before the first frame. */
  imageBytesBefore: number;
  textureBytesFirst: number;
  triFirst: number;
  callsFirst: number;
  /** Hall only: once the images near the entrance are in. */
  imagesMs?: number;
  imagesLoaded?: number;
  imagesFailed?: number;
  imageBytes?: number;
  textureBytes?: number;
  tri?: number;
  calls?: number;
}

const gzipCache = new Map<string, number>();
async function gzipOfPath(path: string): Promise<number> {
  const cached = gzipCache.get(path);
  if (cached !== undefined) return cached;
  const bytes = gzipSync(await readFile(join(WEB_DIST, path)), { level: 9 }).length;
  gzipCache.set(path, bytes);
  return bytes;
}

async function visit(browser: Browser, url: string, hall: boolean, pictures: Buffer[]): Promise<TRun> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "en-US" });
  // The booth pictures, served same-origin (the page's CSP allows its own origin, as for blobs).
  await context.route(/\/bench-pic\/\d+\.jpg$/, (route) => {
    const n = Number(/(\d+)\.jpg$/.exec(route.request().url())?.[1] ?? 0);
    return route.fulfill({
      status: 200,
      contentType: "image/jpeg",
      headers: { "cache-control": "no-store" },
      body: pictures[n % pictures.length] ?? Buffer.alloc(0),
    });
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(readyProbe);
    await page.goto(url);
    await page.waitForFunction(
      () => (window as unknown as { __drawnAt?: number }).__drawnAt !== undefined,
      null,
      {
        timeout: 300_000,
        polling: 100,
      },
    );
    const probe = await page.evaluate(() => {
      const w = window as unknown as {
        __drawnAt: number;
        __firstTexture?: number;
        __firstCounters?: number[];
      };
      return { at: w.__drawnAt, texture: w.__firstTexture ?? 0, counters: w.__firstCounters ?? [0, 0] };
    });
    const drawn = await drawnShare(page);
    let extra: Partial<TRun> = {};
    if (hall) {
      // Images near the entrance: wait until the count stops changing for 2 s (at most 60 s).
      let last = -1;
      let stableSince = Date.now();
      const started = Date.now();
      while (Date.now() - started < 60_000) {
        const n = Number(await page.getByTestId("hall").getAttribute("data-images-loaded"));
        if (n !== last) {
          last = n;
          stableSince = Date.now();
        } else if (Date.now() - stableSince > 2000) break;
        await page.waitForTimeout(250);
      }
      // One more frame so the counters include the image pages.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const d = await page.getByTestId("hall").evaluate((el) => ({ ...(el as HTMLElement).dataset }));
      const imagesMs = await page.evaluate(() =>
        Math.max(
          0,
          ...performance
            .getEntriesByType("resource")
            .filter((e) => /\/bench-pic\/\d+\.jpg$/.test(e.name))
            .map((e) => (e as PerformanceResourceTiming).responseEnd),
        ),
      );
      extra = {
        imagesMs,
        imagesLoaded: Number(d.imagesLoaded),
        imagesFailed: Number(d.imagesFailed),
        imageBytes: Number(d.imageBytes),
        textureBytes: Number(d.textureBytes),
        tri: Number(d.triangles),
        calls: Number(d.calls),
      };
    }
    const resources = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((e) => {
        const r = e as PerformanceResourceTiming;
        return { path: new URL(r.name).pathname, end: r.responseEnd, size: r.encodedBodySize };
      }),
    );
    const before = resources.filter((r) => r.end <= probe.at);
    const scripts = before.filter((r) => r.path.endsWith(".js"));
    let jsGzip = 0;
    for (const s of scripts) jsGzip += await gzipOfPath(s.path.slice(1));
    const isImage = (p: string) => /\.(jpe?g|png|webp)$/.test(p);
    const imageBytesBefore = before.filter((r) => isImage(r.path)).reduce((n, r) => n + r.size, 0);
    return {
      ms: probe.at,
      drawn,
      jsGzip,
      jsFiles: scripts.length,
      imageBytesBefore,
      textureBytesFirst: probe.texture,
      triFirst: probe.counters[0] ?? 0,
      callsFirst: probe.counters[1] ?? 0,
      ...extra,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const dataDir = await mkdtemp(join(tmpdir(), "vitrine-bench-hall-"));
  const server = await startServer(dataDir, PORT);
  const pictures = await makePictures();
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const link = (await prepareContent(server.base, dataDir, ["Fox.glb"])).get("Fox.glb") ?? "";
    const hallUrl = `${server.base}/hallTest?booths=60&aisles=3&slots=20&lang=en&img=${encodeURIComponent("/bench-pic/{n}.jpg")}`;
    const embedUrl = `${server.base}/embed?id=${link}&lang=en`;
    const halls: TRun[] = [];
    const embeds: TRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (i % 2 === 0) {
        halls.push(await visit(browser, hallUrl, true, pictures));
        embeds.push(await visit(browser, embedUrl, false, pictures));
      } else {
        embeds.push(await visit(browser, embedUrl, false, pictures));
        halls.push(await visit(browser, hallUrl, true, pictures));
      }
      process.stderr.write(".");
    }
    process.stderr.write("\n");
    const loadAfter = loadavg();
    const m = (runs: TRun[], f: (r: TRun) => number | undefined) => median(runs.map((r) => f(r) ?? 0));
    const hallMs = m(halls, (r) => r.ms);
    const embedMs = m(embeds, (r) => r.ms);
    console.log(
      `\nExhibition bench — ${RUNS} cold runs each, alternating order, ${VIEWPORT.width}×${VIEWPORT.height}`,
    );
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${loadBefore.map((v) => v.toFixed(1)).join(" / ")} before, ${loadAfter.map((v) => v.toFixed(1)).join(" / ")} after`,
    );
    console.log("\n(a) navigation → first frame (median ms)");
    console.log(
      `  hall, 60 booths        ${hallMs.toFixed(0).padStart(6)}   runs: ${halls.map((r) => r.ms.toFixed(0)).join(", ")}`,
    );
    console.log(
      `  /embed, Fox            ${embedMs.toFixed(0).padStart(6)}   runs: ${embeds.map((r) => r.ms.toFixed(0)).join(", ")}`,
    );
    console.log(`  ratio hall / embed     ${(hallMs / embedMs).toFixed(2).padStart(6)}   (aim ≤ 1.5)`);
    console.log(
      `  hall images near the entrance in (median ms): ${m(halls, (r) => r.imagesMs).toFixed(0)}; loaded ${m(halls, (r) => r.imagesLoaded)} of 180 (failed ${m(halls, (r) => r.imagesFailed)}; the rest are over 30 m away)`,
    );
    console.log(
      `  drawn (share of non-background pixels, min): hall ${(Math.min(...halls.map((r) => r.drawn)) * 100).toFixed(1)} %, embed ${(Math.min(...embeds.map((r) => r.drawn)) * 100).toFixed(1)} %`,
    );
    console.log("\n(b) bytes before the first frame (median)");
    console.log(
      `  JavaScript, gzip       hall ${kB(m(halls, (r) => r.jsGzip))} (${m(halls, (r) => r.jsFiles)} files)   embed ${kB(m(embeds, (r) => r.jsGzip))} (${m(embeds, (r) => r.jsFiles)} files)`,
    );
    console.log(
      `  image files            hall ${kB(m(halls, (r) => r.imageBytesBefore))}   embed ${kB(m(embeds, (r) => r.imageBytesBefore))} (its poster)`,
    );
    console.log(
      `  hall texture memory at first frame: ${kB(m(halls, (r) => r.textureBytesFirst))} (RGBA, without mipmaps)`,
    );
    console.log(
      `  hall after the images: ${kB(m(halls, (r) => r.imageBytes))} of image files, ${kB(m(halls, (r) => r.textureBytes))} texture memory`,
    );
    console.log("\n(c) hall frames, renderer counters (median)");
    console.log(
      `  first frame            ${m(halls, (r) => r.triFirst)} triangles, ${m(halls, (r) => r.callsFirst)} draw calls`,
    );
    console.log(
      `  with images            ${m(halls, (r) => r.tri)} triangles, ${m(halls, (r) => r.calls)} draw calls`,
    );
  } finally {
    await browser.close();
    server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
