import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, normalize } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { DRACO_DECODER_BYTES, optimizeModel } from "../../apps/server/src/modules/content/pipeline/pipeline";
import { median } from "../viewer/vitrine-site";

import { print } from "./report";
import {
  BASIS_TRANSCODER,
  CLI_SIDES,
  CORPUS,
  cliArgs,
  clipsKept,
  cliVersion,
  compare,
  DRACO_DECODERS,
  emptySide,
  here,
  kb,
  RUNS,
  reasonOf,
  root,
  runCli,
  SIDE_KEYS,
  SIDE_LABELS,
  type TClip,
  type TCorpusModel,
  type TRow,
  type TSide,
  type TSideKey,
  uploaded,
  usesDraco,
  validatorErrors,
} from "./sides";

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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
