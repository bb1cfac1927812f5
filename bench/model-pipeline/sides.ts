/** The model-pipeline bench's sides, corpus, measures and helpers (`run.ts` runs them). */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import * as uploadCheck from "../../apps/server/src/modules/content/pipeline/model-upload-check";
import { loadGltfValidator } from "../../apps/server/src/modules/content/pipeline/packages";
import { packGltf } from "../../apps/server/src/modules/content/pipeline/pipeline";

export const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, "..", "..");
export const CORPUS = join(here, "corpus");
export const BIN = join(root, "node_modules", ".bin");
export const DRACO_DECODERS = join(root, "apps", "web", "public", "decoders", "draco");
export const BASIS_TRANSCODER = join(root, "node_modules", "three", "examples", "jsm", "libs", "basis");
/** A pixel counts as different when a channel moved by more than this (of 255). */
export const PIXEL_THRESHOLD = 16;
/** Timed runs per model and side (`BENCH_RUNS`); the tables show each side's median. */
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
/** A CLI run longer than this is stopped and counted as failed. */
export const CLI_TIMEOUT_MS = 600_000;
/** A clip counts as kept when its duration moved by at most this (s). */
export const CLIP_TOLERANCE_S = 1e-3;
/** Identical drawings have an infinite PSNR; the tables and the JSON write this instead. */
export const PSNR_IDENTICAL = 99;

/** The open-source sides, each one CLI run per model: program and flags after input and output. */
export const CLI_SIDES = [
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
export type TSideKey = "ours" | (typeof CLI_SIDES)[number]["key"];
export const SIDE_KEYS: TSideKey[] = ["ours", ...CLI_SIDES.map((s) => s.key)];
export const SIDE_LABELS: Record<TSideKey, string> = {
  ours: "Vitrine",
  ...(Object.fromEntries(CLI_SIDES.map((s) => [s.key, s.label])) as Record<
    Exclude<TSideKey, "ours">,
    string
  >),
};

export interface TCorpusModel {
  name: string;
  main: string;
  files: string[];
  kinds: string[];
  licence: string;
}

export interface TDiff {
  /** Mean absolute difference per channel (0–255). */
  mean: number;
  /** Share of pixels where a channel moved by more than PIXEL_THRESHOLD, %. */
  differing: number;
  /** Over the whole 512 px image, dB (PSNR_IDENTICAL when identical). */
  psnr: number;
}

export interface TClip {
  name: string;
  duration: number;
}

export interface TSide {
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

export interface TRow {
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

export function emptySide(status: TSide["status"], error?: string): TSide {
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

export async function pixels(dataUrl: string): Promise<Buffer> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64");
  return sharp(png).removeAlpha().raw().toBuffer();
}

export async function compare(a: string, b: string): Promise<TDiff> {
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

export function kb(bytes: number | null): string {
  if (bytes === null) return "";
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** The JSON chunk of a GLB (its extensions tell Draco). */
export function glbJson(glb: Uint8Array): Record<string, unknown> {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as Record<string, unknown>;
}

export function usesDraco(glb: Uint8Array): boolean {
  try {
    const used = glbJson(glb).extensionsUsed;
    return Array.isArray(used) && used.includes("KHR_draco_mesh_compression");
  } catch {
    return false;
  }
}

export async function validatorErrors(
  glb: Uint8Array,
): Promise<{ count: number; codes: Record<string, number> }> {
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

export function clipsKept(
  original: TClip[],
  output: TClip[],
): { count: number; kept: boolean; detail: string } {
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
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message.slice(0, 200)})` : "";
  return `${error.message}${cause}`;
}

/** The upload route's checks and packing (upload-routes.ts): answers the `.glb` the pipeline gets. */
export async function uploaded(model: TCorpusModel): Promise<Uint8Array> {
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

export function runCli(program: string, args: string[]): { ok: boolean; ms: number; message: string } {
  const started = performance.now();
  const run = spawnSync(join(BIN, program), args, { encoding: "utf8", timeout: CLI_TIMEOUT_MS });
  const ms = performance.now() - started;
  const ok = run.status === 0;
  const message = ok ? "" : `${run.error?.message ?? ""} ${run.stderr ?? ""} ${run.stdout ?? ""}`.trim();
  return { ok, ms, message: message.replace(/\s+/g, " ").slice(0, 300) };
}

export function cliArgs(side: (typeof CLI_SIDES)[number], input: string, output: string): string[] {
  return side.program === "gltf-transform"
    ? ["optimize", input, output, ...side.flags]
    : ["-i", input, "-o", output, ...side.flags];
}

export function cliVersion(program: string, args: string[]): string {
  const run = spawnSync(join(BIN, program), args, { encoding: "utf8" });
  return `${run.stdout ?? ""}${run.stderr ?? ""}`.split("\n")[0]?.trim() ?? "";
}
