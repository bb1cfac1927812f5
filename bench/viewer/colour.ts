/**
 * Colour bench: our engine against Google's `<model-viewer>` 4.4.0 on the same models, in headless
 * Chromium (software WebGL), same machine, same run.
 *
 *   npm run bench:colour
 *
 * Each engine draws the model on a plain white page without shadows (model-viewer's defaults:
 * neutral environment, Khronos PBR Neutral tone mapping, exposure 1). Ours draws first; then
 * model-viewer is put on the same camera (orbit, target, field of view), so the same pixels show
 * the same surface. The model's pixels are those that differ from white. Each side's model box is
 * still resampled to one grid (48×36 cells, mean CIELAB per cell) and the bench reports the mean CIEDE2000 over the
 * cells the model covers in both, plus ΔE of the whole model's mean colour. Our engine runs with
 * the default scene and, for comparison, with the former default (ACES Filmic). Models: Fox, Radio
 * (fixtures) and a generated box with flat base colour (0, 0.3, 0.8), linear, roughness 1.
 * `BENCH_SCENE='{"key_light":{…}}'` merges scene settings over the default to try another light;
 * `BENCH_MODELS` picks models; `BENCH_SHOTS=<dir>` keeps both engines' frames;
 * `BENCH_ENVIRONMENT=256` (or 128) sets our environment map's size (default: the engine's choice,
 * which is 128 px in this software WebGL and 256 px on a GPU).
 * Prints a table; never fails on figures.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { Document, NodeIO } from "@gltf-transform/core";
import { chromium, type Page } from "@playwright/test";
import { DEFAULT_SCENE, type TCameraView, type TSceneInfo } from "@vitrine/contract";
import { build } from "esbuild";
import sharp from "sharp";
import { deltaE2000, srgbToLab, type TLab } from "./delta-e";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const HARNESS = join(root, "packages", "viewer", "harness");
const MODEL_VIEWER = join(here, "node_modules", "@google", "model-viewer", "dist", "model-viewer.min.js");
const SIZE = { width: 480, height: 360 };
const GRID = { x: 48, y: 36 };
const CHROMIUM_ARGS = ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"];
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".glb": "model/gltf-binary",
};

/** Writes a box whose six faces share one flat material. */
async function writeFlatBox(file: string, color: [number, number, number]): Promise<void> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  const faces: [number[], number[], number[]][] = [
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
  ];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [su, sv] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      for (let i = 0; i < 3; i++) positions.push(0.5 * ((n[i] ?? 0) + su * (u[i] ?? 0) + sv * (v[i] ?? 0)));
      normals.push(...n);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  const material = doc
    .createMaterial("flat")
    .setBaseColorFactor([...color, 1])
    .setMetallicFactor(0)
    .setRoughnessFactor(1);
  const prim = doc
    .createPrimitive()
    .setAttribute(
      "POSITION",
      doc.createAccessor().setType("VEC3").setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setAttribute(
      "NORMAL",
      doc.createAccessor().setType("VEC3").setArray(new Float32Array(normals)).setBuffer(buffer),
    )
    .setIndices(doc.createAccessor().setType("SCALAR").setArray(new Uint16Array(indices)).setBuffer(buffer))
    .setMaterial(material);
  const node = doc
    .createNode("box")
    .setMesh(doc.createMesh("box").addPrimitive(prim))
    .setRotation([0.2, 0.3, 0, 0.93]);
  doc.createScene().addChild(node);
  await writeFile(file, await new NodeIO().writeBinary(doc));
}

function serve(bundleDir: string, modelDir: string): Promise<ReturnType<typeof createServer>> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const path = decodeURIComponent(url.pathname);
    let file: string | null = null;
    if (path === "/") file = join(HARNESS, "index.html");
    else if (path === "/main.js") file = join(bundleDir, "main.js");
    else if (path === "/model-viewer.min.js") file = MODEL_VIEWER;
    else if (path === "/mv") {
      const model = url.searchParams.get("src") ?? "";
      // Camera attributes written by this bench (modelViewerCamera), never a visitor's input.
      const camera = url.searchParams.get("camera") ?? "";
      res.writeHead(200, { "content-type": TYPES[".html"] });
      res.end(`<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff}
model-viewer{width:${SIZE.width}px;height:${SIZE.height}px;display:block;background:#fff;--poster-color:transparent}
model-viewer::part(default-progress-bar){display:none}</style>
<script type="module" src="/model-viewer.min.js"></script></head>
<body><model-viewer id="viewer" src="${model}" interaction-prompt="none" ${camera}></model-viewer></body></html>`);
      return;
    } else if (path.startsWith("/models/")) {
      const rest = normalize(path.slice("/models/".length));
      if (!rest.startsWith("..")) file = join(modelDir, rest);
    }
    try {
      if (!file) throw new Error("not found");
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Per-cell mean CIELAB of the model's pixels, null where the model does not reach. */
interface TShot {
  cells: (TLab | null)[];
  mean: TLab;
  pixels: number;
}

async function analyse(png: Buffer): Promise<TShot> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const isModel = (i: number) => 765 - (data[i] ?? 0) - (data[i + 1] ?? 0) - (data[i + 2] ?? 0) > 24;
  let [x0, y0, x1, y1] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (!isModel((y * info.width + x) * 3)) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  const sums = Array.from({ length: GRID.x * GRID.y }, () => [0, 0, 0, 0]);
  const total = [0, 0, 0];
  let pixels = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = (y * info.width + x) * 3;
      if (!isModel(i)) continue;
      const lab = srgbToLab(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0);
      const cx = Math.min(GRID.x - 1, Math.floor(((x - x0) / Math.max(1, x1 - x0 + 1)) * GRID.x));
      const cy = Math.min(GRID.y - 1, Math.floor(((y - y0) / Math.max(1, y1 - y0 + 1)) * GRID.y));
      const cell = sums[cy * GRID.x + cx] ?? [0, 0, 0, 0];
      for (let c = 0; c < 3; c++) {
        cell[c] = (cell[c] ?? 0) + (lab[c] ?? 0);
        total[c] = (total[c] ?? 0) + (lab[c] ?? 0);
      }
      cell[3] = (cell[3] ?? 0) + 1;
      pixels++;
    }
  }
  const cells = sums.map((s) => {
    const n = s[3] ?? 0;
    return n >= 2 ? ([(s[0] ?? 0) / n, (s[1] ?? 0) / n, (s[2] ?? 0) / n] as TLab) : null;
  });
  const n = Math.max(pixels, 1);
  return { cells, mean: [(total[0] ?? 0) / n, (total[1] ?? 0) / n, (total[2] ?? 0) / n], pixels };
}

function compare(a: TShot, b: TShot): { cells: number; mean: number } {
  let sum = 0;
  let count = 0;
  a.cells.forEach((lab, i) => {
    const other = b.cells[i];
    if (!lab || !other) return;
    sum += deltaE2000(lab, other);
    count++;
  });
  return { cells: count ? sum / count : Number.NaN, mean: deltaE2000(a.mean, b.mean) };
}

/** Our engine's frame of `model` with `scene`, and the camera it framed the model with. */
async function shootOurs(
  page: Page,
  origin: string,
  model: string,
  scene: TSceneInfo,
): Promise<{ shot: Buffer; view: TCameraView }> {
  const size = process.env.BENCH_ENVIRONMENT;
  await page.goto(`${origin}/${size ? `?environment=${size}` : ""}`);
  await page.waitForFunction(() => "harness" in window);
  const view = await page.evaluate(
    async ([url, info]) => {
      const { viewer } = (
        window as unknown as {
          harness: {
            viewer: {
              applyScene(s: unknown): void;
              load(u: string): Promise<unknown>;
              getCameraView(): TCameraView;
            };
          };
        }
      ).harness;
      viewer.applyScene(info);
      await viewer.load(url);
      for (let i = 0; i < 4; i++) await new Promise((r) => requestAnimationFrame(r));
      return viewer.getCameraView();
    },
    [`/models/${model}`, scene] as const,
  );
  return { shot: await page.locator("#viewer").screenshot(), view };
}

/**
 * `<model-viewer>`'s attributes for the camera `view`: its orbit (azimuth from +Z towards +X,
 * polar angle from +Y, distance), target and vertical field of view, with the limits opened so
 * it takes them as they are. Without a view: its own default framing.
 */
function modelViewerCamera(view: TCameraView | null): string {
  if (!view) return "";
  const [x, y, z] = [0, 1, 2].map((i) => (view.position[i] ?? 0) - (view.target[i] ?? 0)) as [
    number,
    number,
    number,
  ];
  const radius = Math.hypot(x, y, z);
  const theta = Math.atan2(x, z);
  const phi = Math.acos(Math.max(-1, Math.min(1, y / radius)));
  const target = view.target.map((v) => `${v}m`).join(" ");
  return [
    `camera-orbit="${theta}rad ${phi}rad ${radius}m"`,
    `camera-target="${target}"`,
    `field-of-view="${view.fov}deg"`,
    // Limits around the orbit (a zero minimum distance gives a zero near plane: nothing draws).
    `min-camera-orbit="auto 0rad ${radius / 2}m" max-camera-orbit="auto 3.14159rad ${radius * 2}m"`,
    `min-field-of-view="1deg" max-field-of-view="179deg"`,
  ].join(" ");
}

async function shootModelViewer(
  page: Page,
  origin: string,
  model: string,
  view: TCameraView | null,
): Promise<Buffer> {
  const camera = encodeURIComponent(modelViewerCamera(view));
  await page.goto(`${origin}/mv?src=${encodeURIComponent(`/models/${model}`)}&camera=${camera}`);
  await page.waitForFunction(
    () => {
      const el = document.getElementById("viewer") as (HTMLElement & { loaded?: boolean }) | null;
      return el?.loaded === true;
    },
    null,
    { timeout: 120_000 },
  );
  await page.evaluate(async () => {
    (
      document.getElementById("viewer") as HTMLElement & { jumpCameraToGoal?: () => void }
    ).jumpCameraToGoal?.();
    for (let i = 0; i < 6; i++) await new Promise((r) => requestAnimationFrame(r));
  });
  return page.locator("#viewer").screenshot();
}

const PLAIN: TSceneInfo = {
  ...DEFAULT_SCENE,
  background: { type: "color", color: "#ffffff", color2: "#ffffff", image: null },
  shadows: { enabled: false, opacity: 0 },
  // BENCH_SCENE='{"key_light":{...}}' tries another scene against the same reference.
  ...(process.env.BENCH_SCENE ? (JSON.parse(process.env.BENCH_SCENE) as Partial<TSceneInfo>) : {}),
};

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), "vt-colour-"));
  await build({
    entryPoints: [join(HARNESS, "main.ts")],
    bundle: true,
    format: "esm",
    target: "es2022",
    outfile: join(work, "main.js"),
    logLevel: "error",
  });
  const models = join(work, "models");
  await import("node:fs/promises").then((fs) => fs.mkdir(models));
  for (const name of ["Fox.glb", "Radio.glb"]) {
    await writeFile(join(models, name), readFileSync(join(root, "fixtures", "models", name)));
  }
  await writeFlatBox(join(models, "flat-blue.glb"), [0, 0.3, 0.8]);
  const server = await serve(work, models);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const rows: string[] = [];
  try {
    for (const model of (process.env.BENCH_MODELS ?? "Fox.glb,Radio.glb,flat-blue.glb").split(",")) {
      const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
      // Ours first: model-viewer is then put on the same orbit, so the frames match pixel for pixel.
      const { shot: ourShot, view } = await shootOurs(page, origin, model, PLAIN);
      const mvShot = await shootModelViewer(page, origin, model, view);
      const mvOwnShot = await shootModelViewer(page, origin, model, null);
      if (process.env.BENCH_SHOTS) {
        await writeFile(join(process.env.BENCH_SHOTS, `mv-${model}.png`), mvShot);
        await writeFile(join(process.env.BENCH_SHOTS, `ours-${model}.png`), ourShot);
      }
      const reference = await analyse(mvShot);
      const current = await analyse(ourShot);
      const former = await analyse(
        (await shootOurs(page, origin, model, { ...PLAIN, tone_mapping: "aces" })).shot,
      );
      const ownFraming = compare(current, await analyse(mvOwnShot));
      await page.close();
      const now = compare(current, reference);
      const before = compare(former, reference);
      const lab = (l: TLab) => l.map((v) => v.toFixed(1)).join(", ");
      rows.push(
        `| ${model} | ${now.cells.toFixed(2)} (${now.mean.toFixed(2)}) | ${before.cells.toFixed(2)} (${before.mean.toFixed(2)}) | ${ownFraming.cells.toFixed(2)} | ${lab(current.mean)} | ${lab(reference.mean)} |`,
      );
    }
  } finally {
    await browser.close();
    server.close();
    await rm(work, { recursive: true, force: true });
  }
  console.log(
    "Mean CIEDE2000 against <model-viewer> 4.4.0 on the same orbit, over the model's cells (ΔE of mean colour)",
  );
  console.log(
    `| Model | default scene (${DEFAULT_SCENE.tone_mapping}) | ACES Filmic | default scene, model-viewer's own framing | our mean Lab | model-viewer mean Lab |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
}

await main();
