/**
 * Lighthouse bench (issue 17): the mobile preset (Lighthouse's default: a mid-range phone, slow 4G
 * and 4× CPU, simulated) on `/`, `/share/<id>` and `/embed?id=<id>` of the production build, with
 * Debian's Chromium (software WebGL), offline: the pages come from a local Vitrine whose owner has
 * Fox shared by an open link.
 *
 *   npm run build && npm run bench:lighthouse      (BENCH_RUNS=4 by default, pages interleaved)
 *
 * Lighthouse is not a workspace: this script installs `bench/lighthouse` (its own lock file) on
 * first use, so CI and `npm install` never download it. Prints the median of each figure per page
 * and every run's score; never fails on figures.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { installOnFirstUse } from "../support/first-use";
import { median, prepareContent, startServer } from "../viewer/vitrine-site";

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 4293);
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

/** One Lighthouse run's figures. */
interface TRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Scripts transferred (bytes on the wire). */
  scriptBytes: number;
  scriptCount: number;
  /** Why: the largest paint's element and phases, the main thread's biggest costs. */
  why: string[];
  /**
   * Lighthouse's measure of the host's CPU (`environment.benchmarkIndex`): its 4× slowdown is
   * meant for a fast host, and it warns below 1,000. Scores from hosts far apart are not comparable.
   */
  benchmarkIndex: number;
}

type TAudits = Record<string, { score: number | null; numericValue?: number; details?: unknown }>;

/** The figures of a Lighthouse result. */
function figuresOf(lhr: {
  categories: { performance?: { score: number | null } };
  audits: TAudits;
  environment?: { benchmarkIndex?: number };
}): TRun {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits["resource-summary"]?.details as
    | { items?: { resourceType: string; transferSize: number; requestCount: number }[] }
    | undefined;
  const scripts = summary?.items?.find((item) => item.resourceType === "script");
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    speedIndexMs: value("speed-index"),
    scriptBytes: scripts?.transferSize ?? 0,
    scriptCount: scripts?.requestCount ?? 0,
    why: whyOf(lhr.audits),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** The details behind the figures: LCP element and phases, main-thread work, scripts' CPU. */
function whyOf(audits: TAudits): string[] {
  type TTable = { type?: string; headings?: unknown[]; items?: Record<string, unknown>[] };
  const lines: string[] = [];
  const lcp = audits["largest-contentful-paint-element"]?.details as { items?: TTable[] } | undefined;
  for (const table of lcp?.items ?? []) {
    for (const item of table.items ?? []) {
      const node = item.node as { snippet?: string } | undefined;
      if (node?.snippet) lines.push(`LCP element: ${node.snippet.slice(0, 120)}`);
      if (typeof item.phase === "string") {
        lines.push(`LCP phase ${item.phase}: ${Math.round(Number(item.timing))} ms`);
      }
    }
  }
  // What the unthrottled load showed, from which Lighthouse simulates the phone.
  const observed = (audits.metrics?.details as TTable | undefined)?.items?.[0];
  if (observed) {
    lines.push(
      `observed unthrottled: FCP ${Math.round(Number(observed.observedFirstContentfulPaint))} ms, ` +
        `LCP ${Math.round(Number(observed.observedLargestContentfulPaint))} ms`,
    );
  }
  const work = audits["mainthread-work-breakdown"]?.details as TTable | undefined;
  const groups = (work?.items ?? [])
    .slice(0, 4)
    .map((item) => `${item.groupLabel} ${Math.round(Number(item.duration))} ms`);
  if (groups.length) lines.push(`main thread: ${groups.join(", ")}`);
  const bootup = audits["bootup-time"]?.details as TTable | undefined;
  const scripts = (bootup?.items ?? [])
    .slice(0, 4)
    .map(
      (item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, "")} ${Math.round(Number(item.total))} ms`,
    );
  if (scripts.length) lines.push(`scripts' CPU: ${scripts.join(", ")}`);
  return lines;
}

async function main(): Promise<void> {
  installOnFirstUse(here, "lighthouse");
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const dataDir = await mkdtemp(join(tmpdir(), "vitrine-bench-lighthouse-"));
  const server = await startServer(dataDir, PORT);
  try {
    const links = await prepareContent(server.base, dataDir, ["Fox.glb"]);
    const id = links.get("Fox.glb") ?? "";
    const allPages: [string, string][] = [
      ["/", `${server.base}/`],
      ["/share/<id>", `${server.base}/share/${id}`],
      ["/embed?id=<id>", `${server.base}/embed?id=${id}`],
    ];
    // BENCH_PAGES=home,share,embed picks pages (`home` is `/`).
    const only = process.env.BENCH_PAGES?.split(",").filter(Boolean);
    const pages = only
      ? allPages.filter(([name]) =>
          only.some((word) => (word === "home" ? name === "/" : name.includes(word))),
        )
      : allPages;
    const runs = new Map<string, TRun[]>(pages.map(([name]) => [name, []]));
    for (let round = 0; round < RUNS; round++) {
      for (const [name, url] of pages) {
        // A fresh browser per run: nothing cached between runs.
        const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
        try {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
          });
          if (!result) throw new Error(`no Lighthouse result for ${url}`);
          // BENCH_SAVE=<dir> keeps each run's whole report (to read what the figures hide).
          if (process.env.BENCH_SAVE) {
            const file = `${name.replace(/[^a-z]+/gi, "_")}-${round + 1}`;
            await mkdir(process.env.BENCH_SAVE, { recursive: true });
            await writeFile(join(process.env.BENCH_SAVE, `${file}.json`), JSON.stringify(result.lhr));
            const trace = (result.artifacts as { Trace?: unknown }).Trace;
            if (trace)
              await writeFile(join(process.env.BENCH_SAVE, `${file}.trace.json`), JSON.stringify(trace));
          }
          runs.get(name)?.push(figuresOf(result.lhr as unknown as Parameters<typeof figuresOf>[0]));
        } finally {
          await chrome.kill();
        }
      }
      console.log(`round ${round + 1}/${RUNS} done`);
    }
    const m = (list: TRun[], pick: (run: TRun) => number) => median(list.map(pick));
    console.log(
      `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, ${RUNS} runs each (medians)`,
    );
    const hosts = [...runs.values()].flat().map((run) => run.benchmarkIndex);
    console.log(
      `host CPU (Lighthouse's benchmarkIndex; it warns below 1,000): median ${median(hosts).toFixed(0)}, ` +
        `${Math.min(...hosts).toFixed(0)}–${Math.max(...hosts).toFixed(0)}`,
    );
    console.log(
      "  page              score   FCP ms   LCP ms   TBT ms    CLS   SI ms   scripts (kB on the wire)",
    );
    for (const [name] of pages) {
      const list = runs.get(name) ?? [];
      console.log(
        `  ${name.padEnd(16)} ${m(list, (r) => r.score)
          .toFixed(0)
          .padStart(6)} ${m(list, (r) => r.fcpMs)
          .toFixed(0)
          .padStart(8)} ${m(list, (r) => r.lcpMs)
          .toFixed(0)
          .padStart(8)} ${m(list, (r) => r.tbtMs)
          .toFixed(0)
          .padStart(8)} ${m(list, (r) => r.cls)
          .toFixed(3)
          .padStart(6)} ${m(list, (r) => r.speedIndexMs)
          .toFixed(0)
          .padStart(
            7,
          )}   ${(m(list, (r) => r.scriptBytes) / 1000).toFixed(1)} (${m(list, (r) => r.scriptCount)} files)`,
      );
      console.log(`  ${"".padEnd(16)} scores: ${list.map((r) => r.score).join(", ")}`);
      for (const line of list.at(-1)?.why ?? []) console.log(`  ${"".padEnd(16)} ${line}`);
    }
  } finally {
    server.stop();
    // The server may still be writing its database as it stops.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

await main();
