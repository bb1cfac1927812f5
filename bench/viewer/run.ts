/**
 * Viewer bench: `/embed` against Google's `<model-viewer>` 4.4.0, in headless Chromium (software
 * WebGL), same machine, same run, for fixtures/models/Fox.glb and Radio.glb.
 *
 *   npm run build && npm run bench:viewer        (BENCH_RUNS=7 for more runs; default 5)
 *
 * (a) JavaScript gzip: what `/embed` loads (module graph of the build, and the scripts the browser
 *     actually fetched) against model-viewer's self-contained `model-viewer.min.js`.
 * (b) Time from navigation to the first frame with the model drawn: ours at the element's
 *     `vt-ready` (fired two animation frames after the model is in the scene), model-viewer at
 *     its `load` event plus one animation frame; both confirmed by non-blank pixels. Median of N
 *     cold runs (a fresh browser context each), alternating which goes first.
 *
 * Ours serves the upload pipeline's output (meshopt, WebP) through a share link of our production
 * server (temp DATA_DIR); model-viewer gets the original file from a local static server (no
 * CDN). Prints a table; never fails on figures.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import { kB, pageJs } from "./embed-size";
import { median, prepareContent, startServer } from "./vitrine-site";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const WEB_DIST = join(root, "apps", "web", "dist");
const MODEL_VIEWER_DIST = join(here, "node_modules", "@google", "model-viewer", "dist");
const MODELS = ["Fox.glb", "Radio.glb"];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4291);
const VIEWPORT = { width: 960, height: 640 };
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".html": "text/html; charset=utf-8",
  ".glb": "model/gltf-binary",
  ".wasm": "application/wasm",
};

/** A static origin for model-viewer: its bundle, the original models, one page per model. */
async function startModelViewerSite(): Promise<{ base: string; close: () => void }> {
  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    let file: string | null = null;
    if (path === "/model-viewer.min.js") file = join(MODEL_VIEWER_DIST, "model-viewer.min.js");
    else if (path.startsWith("/models/"))
      file = join(root, "fixtures", "models", path.slice(8).replace(/[^\w.-]/g, ""));
    if (path.startsWith("/view/")) {
      const model = path.slice(6).replace(/[^\w.-]/g, "");
      res.writeHead(200, { "content-type": TYPES[".html"] });
      res.end(`<!doctype html><html><head><meta charset="utf-8"><title>model-viewer</title>
<style>html,body{margin:0;height:100%;overflow:hidden}model-viewer{width:100%;height:100%;display:block}</style>
<script type="module" src="/model-viewer.min.js"></script></head>
<body><model-viewer src="/models/${model}" alt="${model}" camera-controls></model-viewer></body></html>`);
      return;
    }
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    try {
      const bytes = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(bytes);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** Records when the model is drawn: `vt-ready` (ours) or `load` + one frame (model-viewer). */
function readyProbe(): void {
  const w = window as unknown as { __drawnAt?: number };
  document.addEventListener(
    "vt-ready",
    () => {
      w.__drawnAt = performance.now();
    },
    true,
  );
  document.addEventListener(
    "load",
    (event) => {
      if ((event.target as Element | null)?.tagName !== "MODEL-VIEWER") return;
      requestAnimationFrame(() => {
        w.__drawnAt = performance.now();
      });
    },
    true,
  );
}

/** Share of the window's pixels that differ clearly from its top-left corner. */
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
      if (Math.abs((px[i] ?? 0) - r) + Math.abs((px[i + 1] ?? 0) - g) + Math.abs((px[i + 2] ?? 0) - b) > 90)
        count++;
    }
    return count / (px.length / 4);
  }, png);
}

interface TRun {
  ms: number;
  /** When the model file's last byte arrived. */
  modelMs: number;
  drawn: number;
  scripts: string[];
}

/** One cold visit: navigation to drawn model, in a fresh context. */
async function visit(browser: Browser, url: string): Promise<TRun> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "en-US" });
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
    const ms = await page.evaluate(() => (window as unknown as { __drawnAt: number }).__drawnAt);
    const drawn = await drawnShare(page);
    const resources = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => [new URL(e.name).pathname, (e as PerformanceResourceTiming).responseEnd] as const),
    );
    const scripts = resources.map(([path]) => path).filter((path) => path.endsWith(".js"));
    const modelMs = Math.max(
      0,
      ...resources
        .filter(([path]) => /^\/(blobs|models)\//.test(path) && !/\.(webp|png|jpe?g)$/.test(path))
        .map(([, end]) => end),
    );
    return { ms, modelMs, drawn, scripts };
  } finally {
    await context.close();
  }
}

async function gzipOf(file: string): Promise<number> {
  return gzipSync(await readFile(file), { level: 9 }).length;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "vitrine-bench-viewer-"));
  const server = await startServer(dataDir, PORT);
  const site = await startModelViewerSite();
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const links = await prepareContent(server.base, dataDir, MODELS);
    const graph = pageJs(WEB_DIST, "embed.html");
    const theirsGzip = await gzipOf(join(MODEL_VIEWER_DIST, "model-viewer.min.js"));
    const rows: { model: string; ours: TRun[]; theirs: TRun[] }[] = [];
    for (const model of MODELS) {
      const ours: TRun[] = [];
      const theirs: TRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        const runOurs = () => visit(browser, `${server.base}/embed?id=${links.get(model)}&lang=en`);
        const runTheirs = () => visit(browser, `${site.base}/view/${model}`);
        if (i % 2 === 0) {
          ours.push(await runOurs());
          theirs.push(await runTheirs());
        } else {
          theirs.push(await runTheirs());
          ours.push(await runOurs());
        }
        process.stderr.write(".");
      }
      rows.push({ model, ours, theirs });
    }
    process.stderr.write("\n");
    const fetched = [...new Set(rows.flatMap((r) => r.ours.flatMap((run) => run.scripts)))];
    let fetchedGzip = 0;
    for (const path of fetched) fetchedGzip += await gzipOf(join(WEB_DIST, path));

    console.log(`\nViewer bench — ${RUNS} cold runs per model and viewer, alternating order`);
    console.log("\n(a) JavaScript, gzip (level 9)");
    console.log(`  ours, /embed, open link (module graph)      ${kB(graph.visitGzip)}`);
    console.log(`  ours, /embed, every reachable chunk          ${kB(graph.totalGzip)}`);
    console.log(`  ours, scripts the browser fetched (${fetched.length} files) ${kB(fetchedGzip)}`);
    console.log(`  model-viewer 4.4.0, model-viewer.min.js      ${kB(theirsGzip)}`);
    console.log(
      `  ratio ours / theirs                          ${(graph.visitGzip / theirsGzip).toFixed(2)}`,
    );
    console.log(
      "\n(b) navigation → first frame with the model drawn (median ms; drawn = share of non-background pixels)",
    );
    console.log(
      "  model       ours ms   theirs ms   ratio   ours drawn   theirs drawn   model file in (ours / theirs)",
    );
    for (const row of rows) {
      const a = median(row.ours.map((r) => r.ms));
      const b = median(row.theirs.map((r) => r.ms));
      const da = Math.min(...row.ours.map((r) => r.drawn));
      const db = Math.min(...row.theirs.map((r) => r.drawn));
      console.log(
        `  ${row.model.padEnd(10)} ${a.toFixed(0).padStart(8)} ${b.toFixed(0).padStart(11)} ${(a / b).toFixed(2).padStart(7)} ${`${(da * 100).toFixed(1)} %`.padStart(12)} ${`${(db * 100).toFixed(1)} %`.padStart(14)}   ${median(row.ours.map((r) => r.modelMs)).toFixed(0)} / ${median(row.theirs.map((r) => r.modelMs)).toFixed(0)} ms`,
      );
      console.log(
        `  ${"".padEnd(10)} runs ours: ${row.ours.map((r) => r.ms.toFixed(0)).join(", ")}; theirs: ${row.theirs.map((r) => r.ms.toFixed(0)).join(", ")}`,
      );
    }
  } finally {
    await browser.close();
    site.close();
    server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
