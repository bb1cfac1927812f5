/**
 * Model pipeline bench: for Fox.glb, Radio.glb, a box with a 4096 px noisy PNG texture, a 45-mesh
 * assembly and a dense 180,000-triangle surface (the last three built here), the upload
 * pipeline's output size, ratio and time beside the gltf-transform CLI's `optimize` in three modes
 * (its defaults, `--compress meshopt --texture-compress webp` and `--compress draco
 * --texture-compress webp`) on the same files, plus how much the rendered image changes (headless
 * Chromium, three.js, one fixed camera and light set per model). Times are medians of
 * `BENCH_RUNS` (3) runs per side, interleaved.
 *
 *   npx tsx bench/model-pipeline/run.ts
 *
 * Prints a table; never fails on figures.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { NodeIO } from "@gltf-transform/core";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import sharp from "sharp";
import { optimizeModel } from "../../apps/server/src/modules/content/pipeline";
import { assemblyDocument } from "../../apps/server/test/support/assembly";
import { gradientPng, terrainDocument, texturedBoxDocument } from "../../apps/server/test/support/models";
import { median } from "../viewer/vitrine-site";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const CLI = join(root, "node_modules", ".bin", "gltf-transform");
const DRACO_DECODERS = join(root, "apps", "web", "public", "decoders", "draco");
/** A pixel counts as different when a channel moved by more than this (of 255). */
const PIXEL_THRESHOLD = 16;
/** Timed runs per model and side (`BENCH_RUNS`); the table shows each side's median. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface TResult {
  bytes: number;
  ms: number;
  diff: TDiff;
  /** Time for three.js to read and decode the file in the browser (warm), ms. */
  openMs: number;
}

interface TRow {
  name: string;
  input: number;
  ours: TResult;
  cli: TResult | null;
  cliMeshopt: TResult | null;
  cliDraco: TResult | null;
}

/** The CLI modes compared: its defaults (Draco, textures kept in their format) and meshopt + WebP. */
const CLI_MODES = {
  cli: [],
  cliMeshopt: ["--compress", "meshopt", "--texture-compress", "webp"],
  cliDraco: ["--compress", "draco", "--texture-compress", "webp"],
} as const;

interface TDiff {
  mean: number;
  differing: number;
}

async function pixels(dataUrl: string): Promise<Buffer> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64");
  return sharp(png).removeAlpha().raw().toBuffer();
}

async function compare(a: string, b: string): Promise<TDiff> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  let sum = 0;
  let differing = 0;
  for (let i = 0; i < pa.length; i += 3) {
    let max = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs((pa[i + c] ?? 0) - (pb[i + c] ?? 0));
      sum += d;
      max = Math.max(max, d);
    }
    if (max > PIXEL_THRESHOLD) differing += 1;
  }
  return { mean: sum / pa.length, differing: (differing / (pa.length / 3)) * 100 };
}

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "vitrine-bench-models-"));
  try {
    const inputs: Array<[string, Uint8Array]> = [
      ["Fox.glb", new Uint8Array(readFileSync(join(root, "fixtures", "models", "Fox.glb")))],
      ["Radio.glb", new Uint8Array(readFileSync(join(root, "fixtures", "models", "Radio.glb")))],
      [
        "box-4096-noisy.glb",
        await new NodeIO().writeBinary(texturedBoxDocument(await gradientPng(4096, 16))),
      ],
      ["assembly-45.glb", await new NodeIO().writeBinary(assemblyDocument())],
      // A dense scanned-like surface: where Draco's geometry coding wins (180,000 triangles).
      ["terrain-180k.glb", await new NodeIO().writeBinary(terrainDocument(300))],
    ];
    // Compiles the WebAssembly encoders/decoders once, outside the timings.
    await optimizeModel(inputs[1]?.[1] ?? new Uint8Array());

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
        const name = (req.url ?? "/").slice(1) || "index.html";
        const isDecoder = name.startsWith("draco/");
        const file = name.replace(/^draco\//, "").replace(/[^a-z0-9._-]/gi, "");
        const body = await readFile(join(isDecoder ? DRACO_DECODERS : dir, file));
        const type = name.endsWith(".js")
          ? "text/javascript"
          : name.endsWith(".wasm")
            ? "application/wasm"
            : name.endsWith(".html")
              ? "text/html"
              : "model/gltf-binary";
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
    await page.goto(`${base}/index.html`);
    await page.waitForFunction(() => "benchRender" in window);
    type TRender = { png: string; frame: unknown; openMs: number };
    const render = (file: string, frame: unknown) =>
      page.evaluate(
        ([url, f]) =>
          (window as unknown as { benchRender(u: string, f: unknown): Promise<TRender> }).benchRender(url, f),
        [`${base}/${file}`, frame] as const,
      );

    const rows: TRow[] = [];
    for (const [name, bytes] of inputs) {
      const stem = name.replace(/\.glb$/, "");
      writeFileSync(join(dir, `${stem}.in.glb`), bytes);

      // Times are medians of RUNS runs, ours and the CLI's interleaved (a shared machine drifts).
      const oursTimes: number[] = [];
      const cliTimes: Record<string, number[]> = {};
      let ours = await optimizeModel(bytes);
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        ours = await optimizeModel(bytes);
        oursTimes.push(performance.now() - started);
        for (const [mode, flags] of Object.entries(CLI_MODES)) {
          const cliStarted = performance.now();
          spawnSync(CLI, [
            "optimize",
            join(dir, `${stem}.in.glb`),
            join(dir, `${stem}.${mode}.glb`),
            ...flags,
          ]);
          const times = cliTimes[mode] ?? [];
          times.push(performance.now() - cliStarted);
          cliTimes[mode] = times;
        }
      }
      const oursMs = median(oursTimes);
      writeFileSync(join(dir, `${stem}.ours.glb`), ours.bytes);

      const original = await render(`${stem}.in.glb`, null);
      const oursImage = await render(`${stem}.ours.glb`, original.frame);
      const cliRows: Partial<Record<keyof typeof CLI_MODES, TResult | null>> = {};
      for (const [mode, flags] of Object.entries(CLI_MODES) as Array<
        [keyof typeof CLI_MODES, readonly string[]]
      >) {
        const out = join(dir, `${stem}.${mode}.glb`);
        const cli = spawnSync(CLI, ["optimize", join(dir, `${stem}.in.glb`), out, ...flags], {
          encoding: "utf8",
        });
        const cliMs = median(cliTimes[mode] ?? []);
        if (cli.status === 0) {
          const cliImage = await render(`${stem}.${mode}.glb`, original.frame);
          cliRows[mode] = {
            bytes: readFileSync(out).byteLength,
            ms: cliMs,
            diff: await compare(original.png, cliImage.png),
            openMs: cliImage.openMs,
          };
        } else {
          console.error(
            `gltf-transform optimize ${flags.join(" ")} failed on ${name}: ${cli.stderr.slice(0, 400)}`,
          );
          cliRows[mode] = null;
        }
      }
      writeFileSync(join(dir, `${stem}.png`), Buffer.from(original.png.split(",")[1] ?? "", "base64"));
      rows.push({
        name,
        input: bytes.byteLength,
        ours: {
          bytes: ours.bytes.byteLength,
          ms: oursMs,
          diff: await compare(original.png, oursImage.png),
          openMs: oursImage.openMs,
        },
        cli: cliRows.cli ?? null,
        cliMeshopt: cliRows.cliMeshopt ?? null,
        cliDraco: cliRows.cliDraco ?? null,
      });
      console.error(
        `${name}: simplify ${JSON.stringify(ours.simplify)}, geometry ${ours.info.optimization?.geometry}`,
      );
    }
    await browser.close();
    server.close();
    // The CLI's own start (Node, its modules, its WebAssembly) is part of each CLI time above.
    const startTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      spawnSync(CLI, ["--version"]);
      startTimes.push(performance.now() - started);
    }
    const cliStartMs = median(startTimes);

    const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
    const diff = (d: TDiff) => `${d.mean.toFixed(2)} / ${d.differing.toFixed(2)} %`;
    const cells = (r: TResult | null, input: number) =>
      r
        ? [kb(r.bytes), `${((r.bytes / input) * 100).toFixed(1)} %`, `${Math.round(r.ms)} ms`, diff(r.diff)]
        : ["failed", "", "", ""];
    const header = ["output", "ratio", "time", "render diff (mean / px > 16)"];
    console.log(
      line([
        "model",
        "input",
        ...header.map((h) => `Vitrine ${h}`),
        ...header.map((h) => `CLI defaults ${h}`),
        ...header.map((h) => `CLI meshopt+webp ${h}`),
        ...header.map((h) => `CLI draco+webp ${h}`),
        "Vitrine / smaller CLI",
        "Vitrine time / CLI meshopt + WebP (the same steps)",
        "… / the fastest CLI mode",
        "… / meshopt + WebP less its start",
      ]),
    );
    console.log(line(Array(22).fill("---")));
    const totals = { ours: 0, cli: 0, cliMeshopt: 0, cliDraco: 0 };
    for (const row of rows) {
      totals.ours += row.ours.bytes;
      totals.cli += row.cli?.bytes ?? 0;
      totals.cliMeshopt += row.cliMeshopt?.bytes ?? 0;
      totals.cliDraco += row.cliDraco?.bytes ?? 0;
      const best = Math.min(
        row.cli?.bytes ?? Number.POSITIVE_INFINITY,
        row.cliMeshopt?.bytes ?? Number.POSITIVE_INFINITY,
        row.cliDraco?.bytes ?? Number.POSITIVE_INFINITY,
      );
      const fasterCli = Math.min(
        row.cli?.ms ?? Number.POSITIVE_INFINITY,
        row.cliMeshopt?.ms ?? Number.POSITIVE_INFINITY,
        row.cliDraco?.ms ?? Number.POSITIVE_INFINITY,
      );
      console.log(
        line([
          row.name,
          kb(row.input),
          ...cells(row.ours, row.input),
          ...cells(row.cli, row.input),
          ...cells(row.cliMeshopt, row.input),
          ...cells(row.cliDraco, row.input),
          Number.isFinite(best) ? `${(row.ours.bytes / best).toFixed(2)}×` : "",
          row.cliMeshopt ? `${(row.ours.ms / row.cliMeshopt.ms).toFixed(2)}×` : "",
          `${(row.ours.ms / fasterCli).toFixed(2)}×`,
          row.cliMeshopt ? `${(row.ours.ms / Math.max(1, row.cliMeshopt.ms - cliStartMs)).toFixed(2)}×` : "",
        ]),
      );
    }
    console.log(
      `\nTotal: Vitrine ${kb(totals.ours)}, CLI defaults ${kb(totals.cli)}, CLI meshopt+webp ${kb(totals.cliMeshopt)}, CLI draco+webp ${kb(totals.cliDraco)} (Vitrine / meshopt+webp ${(totals.ours / totals.cliMeshopt).toFixed(2)}×).`,
    );
    console.log("\nOpening each file in the browser (three.js read + decode, warm, ms):");
    console.log("| model | Vitrine | CLI meshopt + WebP | CLI Draco + WebP |");
    console.log("| --- | --- | --- | --- |");
    const open = (r: TResult | null) => (r ? `${Math.round(r.openMs)}` : "");
    for (const row of rows) {
      console.log(`| ${row.name} | ${open(row.ours)} | ${open(row.cliMeshopt)} | ${open(row.cliDraco)} |`);
    }
    console.log(
      `\nNode ${process.version}; render 512×512 px, SwiftShader WebGL, fixed camera on the original's bounds; CLI time includes its process start (\`gltf-transform --version\` alone: ${Math.round(cliStartMs)} ms); times are medians of ${RUNS} runs.`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
