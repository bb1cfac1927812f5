/**
 * What `/embed` downloads in JavaScript, read from a web build (`apps/web/dist`): the module
 * graph of `embed.html` — its script tags and module preloads, every static import, every
 * dynamic `import()` and the files Vite preloads with it — with raw and gzip bytes per file.
 *
 *   npx tsx bench/viewer/embed-size.ts [distDir]
 *
 * Counts every file the graph can reach (`totalGzip`, an upper bound), and apart from it what a
 * visit to an open link loads (`visitGzip`: without the chunks only Draco files or sealed links need).
 * Used by `apps/web/src/embed/embed-size.test.ts` (the budget, two thirds of `<model-viewer>`) and by `bench/viewer/run.ts`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** One JavaScript file of the graph. */
export interface TJsFile {
  /** Path under the dist directory, e.g. `assets/three-AbC123.js`. */
  file: string;
  raw: number;
  gzip: number;
  /** True when reached only through a dynamic `import()` (loaded on demand). */
  isDynamic: boolean;
}

/** The JavaScript of one HTML page of a build. */
export interface TPageJs {
  files: TJsFile[];
  totalRaw: number;
  totalGzip: number;
  /** Bytes gzip of the files every visit loads (script tags, preloads, their static imports). */
  staticGzip: number;
  /**
   * Bytes gzip of what a visit to an open link loads: everything but the on-demand chunks, with
   * the engine in its worker.
   */
  visitGzip: number;
  /** The same visit in a browser that draws in the page (the in-page engine instead of the worker). */
  pageEngineVisitGzip: number;
  /** Chunks that load only for some contents (Draco files, sealed links). */
  onDemand: TJsFile[];
  /** App libraries found in the graph (by chunk name or by a marker in the code). */
  libraries: string[];
}

/** App libraries `/embed` must not load: the chunk names of vite.config.ts and code markers. */
const LIBRARY_SIGNS: { name: string; chunk: RegExp; marker: string }[] = [
  { name: "react", chunk: /^assets\/react-/, marker: "react.transitional.element" },
  { name: "mantine", chunk: /^assets\/mantine-/, marker: "data-mantine-color-scheme" },
  { name: "i18next", chunk: /^assets\/i18n-/, marker: "i18next: init:" },
  { name: "icons", chunk: /^assets\/icons-/, marker: "tabler-icon" },
  { name: "socket.io", chunk: /^assets\/socket-/, marker: "socket.io" },
  { name: "zod", chunk: /^assets\/zod-/, marker: "ZodError" },
];

function attributeValues(html: string, tag: RegExp, attribute: string): string[] {
  return [...html.matchAll(tag)].flatMap((m) => {
    const value = new RegExp(`${attribute}="([^"]+)"`).exec(m[0])?.[1];
    return value ? [value] : [];
  });
}

/** `./x.js` relative to `assets/y.js`, `/assets/x.js` or `assets/x.js` → `assets/x.js`. */
function normalise(spec: string, fromFile: string): string {
  if (spec.startsWith("/")) return spec.slice(1);
  if (spec.startsWith("./")) return join(fromFile, "..", spec.slice(2));
  if (spec.startsWith("../")) return join(fromFile, "..", spec);
  return spec;
}

/**
 * Chunks `/embed` imports only for some contents: the Draco loader (a Draco-compressed file; the
 * upload pipeline re-encodes every model with meshopt, so only originals use it) and the sealed
 * snapshot codec (sealed links).
 */
export const EMBED_ON_DEMAND = /^assets\/(DRACOLoader|sealed|sealed-download)-[\w-]+\.js$/;

/**
 * The engine's two ways into a visit: its worker (`new Worker(new URL(…))`, where the browser can
 * draw in one) or, in its place, the in-page engine (`create-viewer`, imported on demand). A visit
 * loads one of them: `visitGzip` counts the worker's way, `pageEngineVisitGzip` the other.
 */
const WORKER_FILE = /^assets\/engine-worker-[\w-]+\.js$/;
const PAGE_ENGINE_FILE = /^assets\/create-viewer-[\w-]+\.js$/;

interface TEdge {
  file: string;
  isDynamic: boolean;
}

/** The files a chunk loads: static imports, dynamic imports (with Vite's preload lists), workers. */
function edgesOf(code: string, file: string): TEdge[] {
  const edges: TEdge[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
    edges.push({ file: normalise(m[1] ?? "", file), isDynamic: false });
  }
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)) {
    edges.push({ file: normalise(m[1] ?? "", file), isDynamic: true });
  }
  // Vite's preload list of a chunk's dynamic imports: `__vite__mapDeps` names "assets/…".
  const deps = /__vite__mapDeps=[^[]*\[([^\]]*)\]/.exec(code)?.[1] ?? "";
  for (const m of deps.matchAll(/["']([^"']+\.js)["']/g)) {
    edges.push({ file: normalise(m[1] ?? "", "x"), isDynamic: true });
  }
  // A worker started by the chunk (`new Worker(new URL("/assets/…", import.meta.url))`).
  for (const m of code.matchAll(/new URL\(\s*["']([^"']+\.js)["']\s*,\s*import\.meta\.url\s*\)/g)) {
    edges.push({ file: normalise(m[1] ?? "", file), isDynamic: false });
  }
  return edges;
}

/** Reads the JavaScript graph of `page` (e.g. `embed.html`) in `distDir`. */
export function pageJs(distDir: string, page: string, onDemand: RegExp = EMBED_ON_DEMAND): TPageJs {
  const html = readFileSync(join(distDir, page), "utf8");
  const entries = [
    ...attributeValues(html, /<script[^>]*type="module"[^>]*>/g, "src"),
    ...attributeValues(html, /<link[^>]*rel="modulepreload"[^>]*>/g, "href"),
  ].map((spec) => normalise(spec, page));
  const edges = new Map<string, TEdge[]>();
  const edgesFrom = (file: string): TEdge[] => {
    const known = edges.get(file);
    if (known) return known;
    const found = edgesOf(readFileSync(join(distDir, file), "utf8"), file);
    edges.set(file, found);
    return found;
  };
  /** Files reached from the entries, not entering `skip`; each marked dynamic or not. */
  const reach = (skip: (file: string) => boolean): Map<string, boolean> => {
    const dynamic = new Map<string, boolean>();
    const queue: TEdge[] = entries.map((file) => ({ file, isDynamic: false }));
    while (queue.length > 0) {
      const next = queue.shift();
      if (!next) break;
      const known = dynamic.get(next.file);
      if (known !== undefined && (known === false || next.isDynamic)) continue;
      dynamic.set(next.file, next.isDynamic);
      for (const edge of edgesFrom(next.file)) {
        if (skip(edge.file)) continue;
        queue.push({ file: edge.file, isDynamic: next.isDynamic || edge.isDynamic });
      }
    }
    return dynamic;
  };
  const all = reach(() => false);
  const visit = reach((file) => onDemand.test(file) || PAGE_ENGINE_FILE.test(file));
  const pageEngineVisit = reach((file) => onDemand.test(file) || WORKER_FILE.test(file));
  const files = [...all.entries()]
    .map(([file, isDynamic]) => {
      const bytes = readFileSync(join(distDir, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, isDynamic };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const libraries = LIBRARY_SIGNS.filter((sign) =>
    files.some(
      (f) => sign.chunk.test(f.file) || readFileSync(join(distDir, f.file), "utf8").includes(sign.marker),
    ),
  ).map((sign) => sign.name);
  const sum = (list: TJsFile[]) => list.reduce((total, f) => total + f.gzip, 0);
  return {
    files,
    onDemand: files.filter((f) => f.isDynamic && onDemand.test(f.file)),
    visitGzip: sum(files.filter((f) => visit.has(f.file))),
    pageEngineVisitGzip: sum(files.filter((f) => pageEngineVisit.has(f.file))),
    totalRaw: files.reduce((total, f) => total + f.raw, 0),
    totalGzip: sum(files),
    staticGzip: sum(files.filter((f) => !f.isDynamic)),
    libraries,
  };
}

/** `<model-viewer>` 4.4.0's `model-viewer.min.js`, gzip level 9, as `bench/viewer/run.ts` measures it. */
export const MODEL_VIEWER_GZIP = 291.1 * 1000;

/**
 * `/embed`'s budget: two thirds of `<model-viewer>`'s self-contained bundle (DESIGN.md "Viewer",
 * which wrote it as 190 kB from an earlier 289 kB reading): 194 kB of JavaScript after gzip.
 * Set from 190 kB when the embed began sending the owner's view rows (issue 9 item 19, issue 11):
 * page timing and the tracker are 3.2 kB gzip, and a visitor's view through an embed that the
 * owner cannot see in the report is worth less than those bytes.
 */
export const EMBED_BUDGET_GZIP = Math.floor((MODEL_VIEWER_GZIP * 2) / 3 / 1000) * 1000;

/** Formats bytes as kB (1000). */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const dist = resolve(
    process.argv[2] ?? join(fileURLToPath(new URL("../../apps/web/dist", import.meta.url))),
  );
  if (!existsSync(join(dist, "embed.html"))) {
    console.error(`No embed.html in ${dist}: run npm run build first.`);
    process.exit(1);
  }
  const js = pageJs(dist, "embed.html");
  for (const f of js.files) {
    console.log(
      `${f.file.padEnd(44)} ${kB(f.raw).padStart(10)} ${kB(f.gzip).padStart(10)}${js.onDemand.includes(f) ? "  (on demand)" : f.isDynamic ? "  (import())" : ""}`,
    );
  }
  console.log(`${"total".padEnd(44)} ${kB(js.totalRaw).padStart(10)} ${kB(js.totalGzip).padStart(10)}`);
  console.log(`static part (before any import()): ${kB(js.staticGzip)} gzip`);
  console.log(
    `a visit to an open link: ${kB(js.visitGzip)} gzip (engine in the page: ${kB(js.pageEngineVisitGzip)})`,
  );
  console.log(`budget ${kB(EMBED_BUDGET_GZIP)} gzip; app libraries: ${js.libraries.join(", ") || "none"}`);
}
