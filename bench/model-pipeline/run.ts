/**
 * Model pipeline bench over the corpus (`bench/model-pipeline/corpus/corpus.json`, issue 29): for
 * each model, what an upload gets — the upload checks (`model-upload-check.ts`: validator,
 * required extensions, something to draw), a `.gltf` packed with `packGltf`, then
 * `optimizeModel` (in process, warm) — beside the open-source optimisers on the same files:
 * `gltf-transform optimize` in three modes (its defaults; `--compress meshopt --texture-compress
 * webp`; `--compress draco --texture-compress webp`) and gltfpack (npm build: its defaults, and
 * `-cc`; its `-tc`/`-tw` texture compression is not built into the npm package). Per model: input
 * and output bytes, ours ÷ the smallest CLI result (any Draco file, ours too, counts the Draco
 * decoder a visitor fetches, `DRACO_DECODER_BYTES`), ours ÷ gltf-transform's meshopt + WebP, each
 * side's time and ours ÷ meshopt + WebP's, the render difference against the original (headless
 * Chromium, three.js, one fixed camera and light set per model: mean, share of pixels past 16
 * levels, PSNR), the Khronos validator's errors on each output, and for animated models whether
 * every clip's count and duration were kept. A model the upload refuses or the pipeline fails is
 * printed as REFUSED or FAILED with its reason; the run goes on.
 *
 *   npx tsx bench/model-pipeline/run.ts
 *   BENCH_MODELS=Fox,RobotExpressive BENCH_RUNS=3 BENCH_OUT=/tmp/bench.json npx tsx bench/model-pipeline/run.ts
 *
 * `BENCH_RUNS` (1): timed runs per model and side, interleaved; the tables show medians.
 * `BENCH_MODELS`: comma-separated corpus names (default: all). `BENCH_OUT`: also write the rows
 * as JSON there. `BENCH_PNG_DIR`: keep every drawing there (`<model>.<side>.png`). Prints tables;
 * never fails on figures.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import sharp from "sharp";
import * as uploadCheck from "../../apps/server/src/modules/content/pipeline/model-upload-check";
import { loadGltfValidator } from "../../apps/server/src/modules/content/pipeline/packages";
import {
  DRACO_DECODER_BYTES,
  optimizeModel,
  packGltf,
} from "../../apps/server/src/modules/content/pipeline/pipeline";
import { median } from "../viewer/vitrine-site";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const CORPUS = join(here, "corpus");
const BIN = join(root, "node_modules", ".bin");
const DRACO_DECODERS = join(root, "apps", "web", "public", "decoders", "draco");
const BASIS_TRANSCODER = join(root, "node_modules", "three", "examples", "jsm", "libs", "basis");
/** A pixel counts as different when a channel moved by more than this (of 255). */
const PIXEL_THRESHOLD = 16;
/** Timed runs per model and side (`BENCH_RUNS`); the tables show each side's median. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
/** A CLI run longer than this is stopped and counted as failed. */
const CLI_TIMEOUT_MS = 600_000;
/** A clip counts as kept when its duration moved by at most this (s). */
const CLIP_TOLERANCE_S = 1e-3;
/** Identical drawings have an infinite PSNR; the tables and the JSON write this instead. */
const PSNR_IDENTICAL = 99;

/** The open-source sides, each one CLI run per model: program and flags after input and output. */
const CLI_SIDES = [
  { key: "gt", label: "gltf-transform defaults", program: "gltf-transform", flags: [] },
  {
    key: "gtMeshoptWebp",
    label: "gltf-transform meshopt+webp",
    program: "gltf-transform",
    flags: ["--compress", "meshopt", "--texture-compress", "webp"],
  },
  {
    key: "gtDracoWebp",
    label: "gltf-transform draco+webp",
    program: "gltf-transform",
    flags: ["--compress", "draco", "--texture-compress", "webp"],
  },
  { key: "gp", label: "gltfpack defaults", program: "gltfpack", flags: [] },
  { key: "gpCc", label: "gltfpack -cc", program: "gltfpack", flags: ["-cc"] },
] as const;
type TSideKey = "ours" | (typeof CLI_SIDES)[number]["key"];
const SIDE_KEYS: TSideKey[] = ["ours", ...CLI_SIDES.map((s) => s.key)];
const SIDE_LABELS: Record<TSideKey, string> = {
  ours: "Vitrine",
  ...(Object.fromEntries(CLI_SIDES.map((s) => [s.key, s.label])) as Record<
    Exclude<TSideKey, "ours">,
    string
  >),
};

interface TCorpusModel {
  name: string;
  main: string;
  files: string[];
  kinds: string[];
  licence: string;
}

interface TDiff {
  /** Mean absolute difference per channel (0–255). */
  mean: number;
  /** Share of pixels where a channel moved by more than PIXEL_THRESHOLD, %. */
  differing: number;
  /** Over the whole 512 px image, dB (PSNR_IDENTICAL when identical). */
  psnr: number;
}

interface TClip {
  name: string;
  duration: number;
}

interface TSide {
  /** Bytes of the output file; null when this side refused or failed. */
  bytes: number | null;
  /** Bytes plus the Draco decoder when the file uses Draco. */
  effectiveBytes: number | null;
  draco: boolean;
  ms: number | null;
  diff: TDiff | null;
  /** Why there is no output (REFUSED / FAILED), or why there is no drawing. */
  error?: string;
  status: "ok" | "refused" | "failed";
  validatorErrors: number | null;
  validatorCodes: Record<string, number>;
  clips: { count: number; kept: boolean; detail: string } | null;
  /** three.js read + decode time in the browser (warm), ms. */
  openMs: number | null;
  /** Ours only: what the pipeline chose. */
  geometry?: string;
}

interface TRow {
  name: string;
  kinds: string[];
  input: number;
  originalClips: TClip[];
  originalDrawError?: string;
  sides: Record<TSideKey, TSide>;
  /** Smallest effective bytes of the CLI sides, and which. */
  smallest: { key: TSideKey; bytes: number } | null;
  oursToSmallest: number | null;
  oursToMeshoptWebp: number | null;
  timeToMeshoptWebp: number | null;
}

function emptySide(status: TSide["status"], error?: string): TSide {
  return {
    bytes: null,
    effectiveBytes: null,
    draco: false,
    ms: null,
    diff: null,
    status,
    ...(error ? { error } : {}),
    validatorErrors: null,
    validatorCodes: {},
    clips: null,
    openMs: null,
  };
}

async function pixels(dataUrl: string): Promise<Buffer> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64");
  return sharp(png).removeAlpha().raw().toBuffer();
}

async function compare(a: string, b: string): Promise<TDiff> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  let sum = 0;
  let squares = 0;
  let differing = 0;
  for (let i = 0; i < pa.length; i += 3) {
    let max = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs((pa[i + c] ?? 0) - (pb[i + c] ?? 0));
      sum += d;
      squares += d * d;
      max = Math.max(max, d);
    }
    if (max > PIXEL_THRESHOLD) differing += 1;
  }
  const mse = squares / pa.length;
  return {
    mean: sum / pa.length,
    differing: (differing / (pa.length / 3)) * 100,
    psnr: mse === 0 ? PSNR_IDENTICAL : Math.min(PSNR_IDENTICAL, 10 * Math.log10((255 * 255) / mse)),
  };
}

function kb(bytes: number | null): string {
  if (bytes === null) return "";
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** The JSON chunk of a GLB (its extensions tell Draco). */
function glbJson(glb: Uint8Array): Record<string, unknown> {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as Record<string, unknown>;
}

function usesDraco(glb: Uint8Array): boolean {
  try {
    const used = glbJson(glb).extensionsUsed;
    return Array.isArray(used) && used.includes("KHR_draco_mesh_compression");
  } catch {
    return false;
  }
}

async function validatorErrors(glb: Uint8Array): Promise<{ count: number; codes: Record<string, number> }> {
  try {
    const { validateBytes } = await loadGltfValidator();
    const report = await validateBytes(glb, { maxIssues: 1000, writeTimestamp: false, format: "glb" });
    const codes: Record<string, number> = {};
    for (const message of report.issues.messages) {
      if (message.severity === 0) codes[message.code] = (codes[message.code] ?? 0) + 1;
    }
    return { count: report.issues.numErrors, codes };
  } catch (error) {
    return { count: -1, codes: { [`validator threw: ${String(error).slice(0, 80)}`]: 1 } };
  }
}

function clipsKept(original: TClip[], output: TClip[]): { count: number; kept: boolean; detail: string } {
  if (original.length !== output.length) {
    return { count: output.length, kept: false, detail: `${original.length} → ${output.length} clips` };
  }
  let worst = 0;
  for (let i = 0; i < original.length; i++) {
    // By name where names survive, else in order.
    const want = original[i];
    const got = output.find((clip) => clip.name === want?.name) ?? output[i];
    worst = Math.max(worst, Math.abs((want?.duration ?? 0) - (got?.duration ?? 0)));
  }
  return worst <= CLIP_TOLERANCE_S
    ? { count: output.length, kept: true, detail: `${output.length} kept` }
    : { count: output.length, kept: false, detail: `a duration moved ${worst.toFixed(3)} s` };
}

/** A message of whatever was thrown, with its cause (ProcessingError keeps the step's error there). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message.slice(0, 200)})` : "";
  return `${error.message}${cause}`;
}

/** The upload route's checks and packing (upload-routes.ts): answers the `.glb` the pipeline gets. */
async function uploaded(model: TCorpusModel): Promise<Uint8Array> {
  const kind = model.main.endsWith(".glb") ? "glb" : "gltf";
  const main = new Uint8Array(readFileSync(join(CORPUS, model.main)));
  const filename = model.main.split("/").pop() ?? model.main;
  const json = uploadCheck.readGltfJson(kind, main, filename);
  const resources = new Map<string, Uint8Array>();
  const folder = dirname(join(CORPUS, model.main));
  for (const entry of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    const uri = (entry as { uri?: unknown }).uri;
    if (typeof uri !== "string" || uri.startsWith("data:")) continue;
    resources.set(uri, new Uint8Array(readFileSync(join(folder, decodeURIComponent(uri)))));
  }
  await uploadCheck.validateModel(kind, main, resources, filename);
  // Newer checks, called when this tree has them (others change this module).
  const required = (uploadCheck as Record<string, unknown>).checkRequiredExtensions;
  if (typeof required === "function") await required(json, filename);
  uploadCheck.checkDrawable(json);
  if (kind === "glb") return main;
  try {
    return await packGltf(json, resources);
  } catch (error) {
    throw new Error(`its files cannot be put together: ${reasonOf(error)}`);
  }
}

function runCli(program: string, args: string[]): { ok: boolean; ms: number; message: string } {
  const started = performance.now();
  const run = spawnSync(join(BIN, program), args, { encoding: "utf8", timeout: CLI_TIMEOUT_MS });
  const ms = performance.now() - started;
  const ok = run.status === 0;
  const message = ok ? "" : `${run.error?.message ?? ""} ${run.stderr ?? ""} ${run.stdout ?? ""}`.trim();
  return { ok, ms, message: message.replace(/\s+/g, " ").slice(0, 300) };
}

function cliArgs(side: (typeof CLI_SIDES)[number], input: string, output: string): string[] {
  return side.program === "gltf-transform"
    ? ["optimize", input, output, ...side.flags]
    : ["-i", input, "-o", output, ...side.flags];
}

function cliVersion(program: string, args: string[]): string {
  const run = spawnSync(join(BIN, program), args, { encoding: "utf8" });
  return `${run.stdout ?? ""}${run.stderr ?? ""}`.split("\n")[0]?.trim() ?? "";
}

async function main(): Promise<void> {
  const corpus = (JSON.parse(readFileSync(join(CORPUS, "corpus.json"), "utf8")) as { models: TCorpusModel[] })
    .models;
  const wanted = (process.env.BENCH_MODELS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const models = wanted.length ? corpus.filter((m) => wanted.includes(m.name)) : corpus;
  for (const name of wanted) {
    if (!corpus.some((m) => m.name === name)) console.error(`BENCH_MODELS: no corpus model named ${name}`);
  }
  const dir = await mkdtemp(join(tmpdir(), "vitrine-bench-models-"));
  const started = Date.now();
  try {
    // Compiles the WebAssembly encoders/decoders once, outside the timings.
    await optimizeModel(new Uint8Array(readFileSync(join(root, "fixtures", "models", "Radio.glb")))).catch(
      () => {},
    );

    await build({
      entryPoints: [join(here, "render-page.ts")],
      bundle: true,
      format: "esm",
      outfile: join(dir, "page.js"),
      logLevel: "warning",
    });
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><html><body style="margin:0"><script type="module" src="/page.js"></script></body></html>',
    );
    const server = createServer(async (req, res) => {
      try {
        const path =
          decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).slice(1) || "index.html";
        const [top, ...rest] = path.split("/");
        const bases: Record<string, string> = {
          draco: DRACO_DECODERS,
          basis: BASIS_TRANSCODER,
          corpus: CORPUS,
        };
        const base = top && rest.length > 0 ? bases[top] : undefined;
        const relative = base ? rest.join("/") : path;
        const file = normalize(join(base ?? dir, relative));
        if (!file.startsWith(base ?? dir)) throw new Error("outside");
        const body = await readFile(file);
        const types: Record<string, string> = {
          js: "text/javascript",
          wasm: "application/wasm",
          html: "text/html",
          gltf: "model/gltf+json",
          png: "image/png",
          jpg: "image/jpeg",
          jpeg: "image/jpeg",
          ktx2: "image/ktx2",
        };
        const type = types[file.split(".").pop() ?? ""] ?? "application/octet-stream";
        res.writeHead(200, { "content-type": type }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"],
    });
    const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
    // three.js's warnings (an extension it skips, a texture it cannot read) go to stderr once each.
    const seen = new Set<string>();
    page.on("console", (message) => {
      const text = message
        .text()
        .replace(/blob:\S+/g, "blob:…")
        .slice(0, 300);
      if ((message.type() === "warning" || message.type() === "error") && !seen.has(text)) {
        seen.add(text);
        console.error(`  browser ${message.type()}: ${text}`);
      }
    });
    await page.goto(`${base}/index.html`);
    await page.waitForFunction(() => "benchRender" in window);
    type TRender = { png: string; frame: unknown; openMs: number; clips: TClip[] };
    const render = async (url: string, frame: unknown): Promise<TRender> => {
      const drawing = page.evaluate(
        ([u, f]) =>
          (window as unknown as { benchRender(u: string, f: unknown): Promise<TRender> }).benchRender(u, f),
        [`${base}/${url}`, frame] as const,
      );
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("drawing took over 180 s")), 180_000);
      });
      try {
        return await Promise.race([drawing, timeout]);
      } finally {
        clearTimeout(timer);
      }
    };

    const rows: TRow[] = [];
    for (const [index, model] of models.entries()) {
      const modelStarted = Date.now();
      const input = model.files.reduce((sum, f) => sum + readFileSync(join(CORPUS, f)).byteLength, 0);
      const sides = Object.fromEntries(SIDE_KEYS.map((k) => [k, emptySide("failed")])) as Record<
        TSideKey,
        TSide
      >;
      const mainPath = join(CORPUS, model.main);

      // Ours: the upload's checks, then the pipeline, timed RUNS times, interleaved with the CLIs.
      let glb: Uint8Array | null = null;
      let oursProblem: TSide | null = null;
      try {
        glb = await uploaded(model);
      } catch (error) {
        oursProblem = emptySide("refused", reasonOf(error));
      }
      let ours: Awaited<ReturnType<typeof optimizeModel>> | null = null;
      const times = Object.fromEntries(SIDE_KEYS.map((k) => [k, [] as number[]])) as Record<
        TSideKey,
        number[]
      >;
      const cliMessages: Partial<Record<TSideKey, string>> = {};
      for (let run = 0; run < RUNS; run++) {
        if (glb && !oursProblem) {
          const oursStarted = performance.now();
          try {
            ours = await optimizeModel(glb);
            times.ours.push(performance.now() - oursStarted);
          } catch (error) {
            oursProblem = emptySide("failed", reasonOf(error));
            ours = null;
          }
        }
        for (const side of CLI_SIDES) {
          const result = runCli(side.program, cliArgs(side, mainPath, join(dir, `${index}.${side.key}.glb`)));
          if (result.ok) times[side.key].push(result.ms);
          else cliMessages[side.key] = result.message;
        }
      }

      // The original's drawing frames the camera for every output.
      let original: TRender | null = null;
      let originalDrawError: string | undefined;
      const keep = (side: string, png: string) => {
        if (process.env.BENCH_PNG_DIR)
          writeFileSync(
            join(process.env.BENCH_PNG_DIR, `${model.name}.${side}.png`),
            Buffer.from(png.split(",")[1] ?? "", "base64"),
          );
      };
      try {
        original = await render(`corpus/${model.main}`, null);
        keep("original", original.png);
      } catch (error) {
        originalDrawError = reasonOf(error);
      }
      const finish = async (key: TSideKey, bytes: Uint8Array, ms: number | null, geometry?: string) => {
        const file = `${index}.${key}.out.glb`;
        writeFileSync(join(dir, file), bytes);
        const draco = usesDraco(bytes);
        const validation = await validatorErrors(bytes);
        const side: TSide = {
          bytes: bytes.byteLength,
          effectiveBytes: bytes.byteLength + (draco ? DRACO_DECODER_BYTES : 0),
          draco,
          ms,
          diff: null,
          status: "ok",
          validatorErrors: validation.count,
          validatorCodes: validation.codes,
          clips: null,
          openMs: null,
          ...(geometry ? { geometry } : {}),
        };
        try {
          const drawn = await render(file, original?.frame ?? null);
          keep(key, drawn.png);
          side.openMs = drawn.openMs;
          if (original) {
            side.diff = await compare(original.png, drawn.png);
            if (original.clips.length > 0 || drawn.clips.length > 0)
              side.clips = clipsKept(original.clips, drawn.clips);
          }
        } catch (error) {
          side.error = `not drawn: ${reasonOf(error)}`;
        }
        sides[key] = side;
      };
      if (oursProblem) sides.ours = oursProblem;
      else if (ours) await finish("ours", ours.bytes, median(times.ours), ours.info.optimization?.geometry);
      for (const side of CLI_SIDES) {
        const out = join(dir, `${index}.${side.key}.glb`);
        if (times[side.key].length === 0) {
          sides[side.key] = emptySide("failed", cliMessages[side.key] ?? "no output");
          continue;
        }
        await finish(side.key, new Uint8Array(readFileSync(out)), median(times[side.key]));
      }

      const clis = CLI_SIDES.map((s) => s.key).filter((k) => sides[k].effectiveBytes !== null);
      const smallestKey = clis.sort(
        (a, b) => (sides[a].effectiveBytes ?? Number.POSITIVE_INFINITY) - (sides[b].effectiveBytes ?? 0),
      )[0];
      const smallest =
        smallestKey !== undefined
          ? { key: smallestKey, bytes: sides[smallestKey].effectiveBytes ?? 0 }
          : null;
      const oursBytes = sides.ours.effectiveBytes;
      const meshoptWebp = sides.gtMeshoptWebp;
      const row: TRow = {
        name: model.name,
        kinds: model.kinds,
        input,
        originalClips: original?.clips ?? [],
        ...(originalDrawError ? { originalDrawError } : {}),
        sides,
        smallest,
        oursToSmallest: oursBytes !== null && smallest ? oursBytes / smallest.bytes : null,
        oursToMeshoptWebp:
          oursBytes !== null && meshoptWebp.effectiveBytes !== null
            ? oursBytes / meshoptWebp.effectiveBytes
            : null,
        timeToMeshoptWebp:
          sides.ours.ms !== null && meshoptWebp.ms !== null ? sides.ours.ms / meshoptWebp.ms : null,
      };
      rows.push(row);
      const status =
        sides.ours.status === "ok"
          ? `ours ${kb(sides.ours.bytes)} (${sides.ours.geometry}), ${row.oursToSmallest?.toFixed(2)}× smallest, ${row.oursToMeshoptWebp?.toFixed(2)}× meshopt+webp, time ${row.timeToMeshoptWebp?.toFixed(2)}×`
          : `${sides.ours.status.toUpperCase()}: ${sides.ours.error}`;
      console.error(
        `[${index + 1}/${models.length}] ${model.name} (${kb(input)}, ${((Date.now() - modelStarted) / 1000).toFixed(0)} s): ${status}`,
      );
    }
    await browser.close();
    server.close();

    const startRuns: number[] = [];
    for (let run = 0; run < Math.max(3, RUNS); run++)
      startRuns.push(runCli("gltf-transform", ["--version"]).ms);
    print(rows, {
      gltfTransform: cliVersion("gltf-transform", ["--version"]),
      gltfpack: cliVersion("gltfpack", ["-v"]),
      cliStartMs: median(startRuns),
      minutes: (Date.now() - started) / 60_000,
    });
    if (process.env.BENCH_OUT) {
      writeFileSync(
        process.env.BENCH_OUT,
        `${JSON.stringify(
          {
            date: new Date().toISOString(),
            node: process.version,
            runs: RUNS,
            dracoDecoderBytes: DRACO_DECODER_BYTES,
            sides: SIDE_LABELS,
            rows,
          },
          null,
          2,
        )}\n`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function ratio(value: number | null): string {
  return value === null ? "" : `${value.toFixed(2)}×`;
}

function print(
  rows: TRow[],
  facts: { gltfTransform: string; gltfpack: string; cliStartMs: number; minutes: number },
): void {
  const line = (cells: string[]) => console.log(`| ${cells.join(" | ")} |`);
  const rule = (n: number) => line(Array(n).fill("---"));
  const cell = (side: TSide) => {
    if (side.status === "refused") return "REFUSED";
    if (side.status === "failed") return "FAILED";
    return `${kb(side.bytes)}${side.draco ? " (Draco)" : ""}`;
  };

  console.log("\n### Sizes (Draco files count the decoder in the ratios)\n");
  line([
    "model",
    "input",
    ...SIDE_KEYS.map((k) => SIDE_LABELS[k]),
    "ours / smallest CLI",
    "ours / meshopt+webp",
  ]);
  rule(4 + SIDE_KEYS.length);
  for (const row of rows) {
    line([
      row.name,
      kb(row.input),
      ...SIDE_KEYS.map((k) => cell(row.sides[k])),
      row.oursToSmallest === null
        ? ""
        : `${ratio(row.oursToSmallest)} (${SIDE_LABELS[row.smallest?.key ?? "ours"]})`,
      ratio(row.oursToMeshoptWebp),
    ]);
  }

  console.log("\n### Times (ours in process, warm; each CLI's wall time, its start included)\n");
  line(["model", ...SIDE_KEYS.map((k) => SIDE_LABELS[k]), "ours / meshopt+webp"]);
  rule(2 + SIDE_KEYS.length);
  for (const row of rows) {
    line([
      row.name,
      ...SIDE_KEYS.map((k) => (row.sides[k].ms === null ? "" : `${Math.round(row.sides[k].ms ?? 0)} ms`)),
      ratio(row.timeToMeshoptWebp),
    ]);
  }

  console.log(
    "\n### Render difference against the original (mean of 255 / px > 16 / PSNR dB), validator errors, clips\n",
  );
  line(["model", ...SIDE_KEYS.map((k) => SIDE_LABELS[k])]);
  rule(1 + SIDE_KEYS.length);
  for (const row of rows) {
    line([
      row.name,
      ...SIDE_KEYS.map((k) => {
        const side = row.sides[k];
        if (side.status !== "ok") return side.status.toUpperCase();
        const diff = side.diff
          ? `${side.diff.mean.toFixed(2)} / ${side.diff.differing.toFixed(2)} % / ${side.diff.psnr >= PSNR_IDENTICAL ? "∞" : side.diff.psnr.toFixed(1)}`
          : (side.error ?? "not compared");
        const errors = side.validatorErrors ? `; ${side.validatorErrors} errors` : "; 0 errors";
        const clips = side.clips ? `; clips ${side.clips.detail}` : "";
        return `${diff}${errors}${clips}`;
      }),
    ]);
  }

  const refused = rows.filter((r) => r.sides.ours.status !== "ok");
  if (refused.length > 0) {
    console.log("\n### Refused or failed by Vitrine\n");
    for (const row of refused) {
      console.log(`- ${row.name}: ${row.sides.ours.status.toUpperCase()} — ${row.sides.ours.error}`);
    }
  }
  const cliFailures = rows.flatMap((r) =>
    CLI_SIDES.filter((s) => r.sides[s.key].status !== "ok").map(
      (s) => `- ${r.name}, ${s.label}: ${r.sides[s.key].error}`,
    ),
  );
  if (cliFailures.length > 0) console.log(`\n### CLI runs that failed\n\n${cliFailures.join("\n")}`);
  const validatorRows = rows.filter((r) => (r.sides.ours.validatorErrors ?? 0) !== 0);
  if (validatorRows.length > 0) {
    console.log("\n### Validator errors in what Vitrine serves\n");
    for (const row of validatorRows) {
      console.log(
        `- ${row.name}: ${row.sides.ours.validatorErrors} (${JSON.stringify(row.sides.ours.validatorCodes)})`,
      );
    }
  }

  const compared = rows.filter((r) => r.sides.ours.effectiveBytes !== null && r.smallest);
  const sumOurs = compared.reduce((s, r) => s + (r.sides.ours.effectiveBytes ?? 0), 0);
  const sumSmallest = compared.reduce((s, r) => s + (r.smallest?.bytes ?? 0), 0);
  const withMeshopt = rows.filter((r) => r.oursToMeshoptWebp !== null);
  const worst = withMeshopt.reduce<TRow | null>(
    (w, r) => (w === null || (r.oursToMeshoptWebp ?? 0) > (w.oursToMeshoptWebp ?? 0) ? r : w),
    null,
  );
  const timeRatios = rows.map((r) => r.timeToMeshoptWebp).filter((t): t is number => t !== null);
  const worstTime = rows.reduce<TRow | null>(
    (w, r) =>
      r.timeToMeshoptWebp !== null && (w === null || r.timeToMeshoptWebp > (w.timeToMeshoptWebp ?? 0))
        ? r
        : w,
    null,
  );
  const above = withMeshopt.filter((r) => (r.oursToMeshoptWebp ?? 0) > 1).map((r) => r.name);
  console.log("\n### Totals\n");
  console.log(
    `- Models: ${rows.length}; Vitrine served ${rows.length - refused.length}, refused ${rows.filter((r) => r.sides.ours.status === "refused").length}, failed ${rows.filter((r) => r.sides.ours.status === "failed").length}.`,
  );
  console.log(
    `- Sum of ours ÷ sum of the per-model smallest CLI result (the ${compared.length} models ours served): ${kb(sumOurs)} / ${kb(sumSmallest)} = **${sumSmallest ? (sumOurs / sumSmallest).toFixed(2) : "—"}×**.`,
  );
  console.log(
    `- Max per-model ours ÷ gltf-transform meshopt+webp: **${ratio(worst?.oursToMeshoptWebp ?? null)}** (${worst?.name ?? "—"}); above 1.0×: ${above.length ? above.join(", ") : "none"}.`,
  );
  console.log(
    `- Time ours ÷ meshopt+webp: median ${timeRatios.length ? ratio(median(timeRatios)) : "—"}, max ${ratio(worstTime?.timeToMeshoptWebp ?? null)} (${worstTime?.name ?? "—"}).`,
  );
  const servedErrors = rows.filter((r) => (r.sides.ours.validatorErrors ?? 0) > 0).length;
  const clipsLost = rows.filter((r) => r.sides.ours.clips && !r.sides.ours.clips.kept).map((r) => r.name);
  console.log(
    `- Served files with validator errors: ${servedErrors}; animated models whose clips changed in ours: ${clipsLost.length ? clipsLost.join(", ") : "none"}.`,
  );
  console.log(
    `\n${facts.gltfTransform ? `gltf-transform ${facts.gltfTransform}` : "gltf-transform"}, ${facts.gltfpack || "gltfpack"} (npm build: no -tc/-tw texture compression); Node ${process.version}; render 512×512 px, SwiftShader WebGL, fixed camera on the original's bounds; the CLI's start alone (\`gltf-transform --version\`) ${Math.round(facts.cliStartMs)} ms; times are medians of ${RUNS} run(s); Draco decoder ${DRACO_DECODER_BYTES} B; whole run ${facts.minutes.toFixed(1)} min.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
