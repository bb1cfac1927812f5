/**
 * The model pipeline (gltf-transform): packs a `.gltf` upload into one `.glb`, and optimises a
 * model for the web: dedup, prune, weld, resample animations, simplification kept only when the
 * render check shows no difference, textures resized to at most 2048 px and re-encoded as WebP
 * (sharp), instancing, flatten and join of static nodes, sparse accessors, geometry and
 * animation compressed with meshopt (EXT_meshopt_compression), or geometry with Draco
 * (KHR_draco_mesh_compression) for large models where that file plus its decoder is clearly smaller. Draco and meshopt inputs are
 * decoded on the way in. What each structural step keeps for the studio: `optimize-steps.ts`.
 */
import type { Document, JSONDocument, NodeIO, Primitive } from "@gltf-transform/core";
import type { Transform } from "@gltf-transform/extensions";
import type { TModelInfo, TOptimizationReport, TProcessingStep } from "@vitrine/contract";
import { compactGlb } from "./glb-json";
import { sceneSize } from "./model-size";
import { dropRestChannels, keyframeCount } from "./motion";
import {
  drawCalls,
  dropFlatNormals,
  restructureAndCompress,
  simplifyGated,
  type TSimplifyOutcome,
} from "./optimize-steps";
import {
  loadDraco,
  loadGltfCore,
  loadGltfExtensions,
  loadGltfFunctions,
  loadGltfValidator,
  loadKnownExtensions,
  loadMeshoptimizer,
  loadSharp,
} from "./packages";
import { repairModel } from "./repair";
import { compressTexturesPerceptually, type TTextureChoice } from "./texture-quality";
import { textureSides } from "./texture-size";
import { thumbnailJpeg } from "./thumbnail";

/** Largest texture side after processing. */
export const MAX_TEXTURE_SIZE = 2048;

/**
 * What a visitor downloads to decode Draco (`apps/web/public/decoders/draco`: the wasm wrapper and
 * the wasm, gzip; a test keeps this at least their size). meshopt's decoder is in the viewer.
 */
export const DRACO_DECODER_BYTES = 76_000;
/**
 * Draco is chosen when its file plus its decoder is at most this share of the smallest other file:
 * chosen by measuring, as what a first visitor downloads (issue 29; it was 0.8 before, which left
 * models a third larger than the CLI's Draco + WebP).
 */
export const DRACO_MAX_SHARE = 1;
/**
 * Draco is tried only when the geometry in the meshopt file is larger than the decoder (below, it
 * cannot win), and prepared for only when the uncompressed geometry is this large.
 */
export const DRACO_TRY_GEOMETRY_BYTES = 4 * DRACO_DECODER_BYTES;
/**
 * Models whose geometry (vertex and index data before compression) is at most this many bytes are
 * also written quantized without meshopt, and the smaller file is kept: on a box or a small
 * product the EXT_meshopt_compression entries in the JSON outweigh what the codec saves.
 */
export const PLAIN_TRY_BYTES = 64_000;

/**
 * Index lists of primitives with at most 256 vertices are stored as bytes (glTF allows unsigned
 * byte indices; meshopt's index codec does not, so this is for files written without it).
 */
function narrowIndices(document: Document): void {
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const indices = primitive.getIndices();
      const array = indices?.getArray();
      if (!indices || !array || array instanceof Uint8Array) continue;
      if (Math.max(0, ...indices.getMax([])) < 256) indices.setArray(Uint8Array.from(array));
    }
  }
}

/** Bytes of vertex, index and animation data (accessors), uncompressed. */
function geometryBytes(document: Document): number {
  return document
    .getRoot()
    .listAccessors()
    .reduce((sum, accessor) => sum + accessor.getByteLength(), 0);
}

/** A processing failure with a reason the owner can read. */
export class ProcessingError extends Error {
  readonly reason: string;
  constructor(reason: string, cause?: unknown) {
    super(reason, { cause });
    this.name = "ProcessingError";
    this.reason = reason;
  }
}

let ioPromise: Promise<NodeIO> | undefined;

/** One IO for the process: the decoders and the encoder are WebAssembly, compiled once. */
function modelIo(): Promise<NodeIO> {
  ioPromise ??= (async () => {
    const [{ Logger, NodeIO }, { ALL_EXTENSIONS }, { MeshoptDecoder, MeshoptEncoder }, draco3d] =
      await Promise.all([loadGltfCore(), loadGltfExtensions(), loadMeshoptimizer(), loadDraco()]);
    await Promise.all([MeshoptEncoder.ready, MeshoptDecoder.ready]);
    return new NodeIO()
      .setLogger(new Logger(Logger.Verbosity.SILENT))
      .setAllowNetwork(false)
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({
        "draco3d.decoder": await draco3d.createDecoderModule(),
        "meshopt.decoder": MeshoptDecoder,
        "meshopt.encoder": MeshoptEncoder,
      });
  })();
  return ioPromise;
}

let dracoIoPromise: Promise<NodeIO> | undefined;

/**
 * The IO that also writes Draco: its encoder (WebAssembly, ~1 MB) is loaded the first time a large
 * model tries it, not at start, so a server that never sees one never holds it.
 */
function dracoWriter(): Promise<NodeIO> {
  dracoIoPromise ??= (async () => {
    const [io, draco3d] = await Promise.all([modelIo(), loadDraco()]);
    return io.registerDependencies({ "draco3d.encoder": await draco3d.createEncoderModule() });
  })();
  return dracoIoPromise;
}

/**
 * Draco geometry is decoded on read; dropping the extension writes it back plain (only the
 * decoder is loaded, and the pipeline re-compresses with meshopt anyway).
 */
function dropDraco(document: Document): void {
  dropExtension(document, "KHR_draco_mesh_compression");
}

/**
 * meshopt geometry is decoded on read; the extension goes too, so that each way of writing the
 * model (meshopt, quantized only, Draco) starts from plain data and adds only its own.
 */
function dropMeshopt(document: Document): void {
  dropExtension(document, "EXT_meshopt_compression");
}

function dropExtension(document: Document, name: string): void {
  for (const extension of document.getRoot().listExtensionsUsed()) {
    if (extension.extensionName === name) extension.dispose();
  }
}

/**
 * Whether prune must keep vertex attributes no texture names: a KHR_texture_transform that reads
 * another UV set (`texCoord`; SheenChair), or KHR_materials_anisotropy, whose direction three.js
 * takes from the tangents or the UVs even without a texture (AnisotropyStrengthTest lost both
 * and drew plain). gltf-transform 4.5.1's prune counts both unused and drops them.
 */
async function needsUnusedAttributes(document: Document): Promise<boolean> {
  const { listTextureInfo } = await loadGltfFunctions();
  const root = document.getRoot();
  if (root.listExtensionsUsed().some((extension) => extension.extensionName === "KHR_materials_anisotropy"))
    return true;
  return root
    .listTextures()
    .some((texture) =>
      listTextureInfo(texture).some(
        (info) => info.getExtension<Transform>("KHR_texture_transform")?.getTexCoord() != null,
      ),
    );
}

/**
 * Scenes left with no node (a second scene that held only a camera and a light, which prune took
 * out) go: glTF forbids an empty list of nodes, and no viewer shows a scene other than the
 * default one anyway. The default scene always keeps a mesh (the upload checks it).
 */
function dropEmptyScenes(document: Document): Document {
  const root = document.getRoot();
  for (const scene of root.listScenes()) {
    if (scene.listChildren().length === 0 && scene !== root.getDefaultScene()) scene.dispose();
  }
  return document;
}

/**
 * Packs a glTF JSON and its resources (raw URI → bytes) into one `.glb`: several buffers are
 * joined into the one a GLB holds, data URIs and image files become buffer views. The JSON has
 * passed the Khronos validator, so it has the shape gltf-transform reads.
 */
export async function packGltf(json: object, resources: Map<string, Uint8Array>): Promise<Uint8Array> {
  const io = await modelIo();
  const { unpartition } = await loadGltfFunctions();
  const buffers: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const [uri, bytes] of resources) buffers[uri] = new Uint8Array(bytes);
  const gltf = json as JSONDocument["json"];
  // A required extension used nowhere would stop the reader; the upload refuses a used unknown one.
  const known = await loadKnownExtensions();
  gltf.extensionsRequired = gltf.extensionsRequired?.filter((name) => known.has(name));
  const document = await io.readJSON({ json: gltf, resources: buffers });
  dropDraco(document);
  await document.transform(unpartition());
  return io.writeBinary(document);
}

const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;

function trianglesOf(primitive: Primitive): number {
  const count = primitive.getIndices()?.getCount() ?? primitive.getAttribute("POSITION")?.getCount() ?? 0;
  const mode = primitive.getMode();
  if (mode === TRIANGLES) return Math.floor(count / 3);
  if (mode === TRIANGLE_STRIP || mode === TRIANGLE_FAN) return Math.max(0, count - 2);
  return 0;
}

/**
 * Facts the editor needs. Clip names follow three.js's GLTFLoader (`animation_<index>` when
 * unnamed) so motion steps match what the viewer plays; unnamed materials are `#<index>`.
 */
export function modelFacts(document: Document): Omit<TModelInfo, "original_bytes" | "optimized_bytes"> {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0] ?? null;
  return {
    clips: root.listAnimations().map((clip, i) => clip.getName() || `animation_${i}`),
    materials: root.listMaterials().map((material, i) => material.getName() || `#${i}`),
    dimensions: sceneSize(scene),
    triangles: root
      .listMeshes()
      .reduce((sum, mesh) => sum + mesh.listPrimitives().reduce((s, p) => s + trianglesOf(p), 0), 0),
  };
}

/** The WebP qualities chosen and the lowest SSIM kept, over the converted textures. */
function qualityRange(choices: (TTextureChoice | null)[]): Partial<TOptimizationReport["textures"]> {
  const chosen = choices.filter((choice) => choice !== null);
  if (chosen.length === 0) return {};
  return {
    quality_min: Math.min(...chosen.map((c) => c.quality)),
    quality_max: Math.max(...chosen.map((c) => c.quality)),
    ssim_min: Math.min(...chosen.map((c) => c.ssim)),
  };
}

/** How many texture images a document holds and their bytes. */
function textureFacts(document: Document): { count: number; bytes: number } {
  const textures = document.getRoot().listTextures();
  return {
    count: textures.length,
    bytes: textures.reduce((sum, texture) => sum + (texture.getImage()?.byteLength ?? 0), 0),
  };
}

async function step<T>(reason: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProcessingError) throw error;
    throw new ProcessingError(reason, error);
  }
}

/**
 * The Khronos validator judges what we serve: a served file with any error is a failure (with the
 * validator's first message in the log), never a model a visitor's viewer may refuse.
 */
async function checkServed(bytes: Uint8Array): Promise<void> {
  const { validateBytes } = await loadGltfValidator();
  // Every issue counted (0: no limit): with a limit, warnings could fill it before an error shows.
  const report = await validateBytes(bytes, { format: "glb", maxIssues: 0, writeTimestamp: false });
  if (report.issues.numErrors === 0) return;
  const first = report.issues.messages.find((m) => m.severity === 0);
  throw new ProcessingError(
    "The model could not be made valid for the web. Export it again from your 3D tool as glTF 2.0 (.glb) and upload that.",
    new Error(first ? `${first.code}: ${first.message} (${first.pointer ?? ""})` : "validator errors"),
  );
}

/** An optimised model, its facts and its thumbnail. */
export interface TOptimizedModel {
  bytes: Uint8Array;
  info: TModelInfo;
  /** A JPEG of the model (`thumbnail.ts`); null when it could not be drawn. */
  thumbnail: Uint8Array | null;
  /** Why there is no thumbnail, for the log. */
  thumbnailError?: unknown;
  /** What simplification did and its render check (for the log and the bench). */
  simplify: Omit<TSimplifyOutcome, "frame">;
}

/** Told each step as it starts, with the share of the work done before it (0–100). */
export type TProgressListener = (step: TProcessingStep, percent: number) => Promise<void>;

/** Models with more triangles than this get no server thumbnail (memory); the editor's capture still works. */
const THUMBNAIL_MAX_TRIANGLES = 400_000;

/**
 * Optimises a `.glb` and draws its thumbnail; throws ProcessingError with a plain reason when
 * a step fails (a thumbnail that cannot be drawn is not a failure).
 */
export async function optimizeModel(
  input: Uint8Array,
  onProgress: TProgressListener = async () => {},
): Promise<TOptimizedModel> {
  const io = await modelIo();
  const [{ dedup, meshopt, prune, resample, weld }, { MeshoptEncoder }, sharp] = await Promise.all([
    loadGltfFunctions(),
    loadMeshoptimizer(),
    loadSharp(),
  ]);
  await onProgress("reading", 5);
  const known = await loadKnownExtensions();
  const { read, json } = await step("The model file could not be read.", async () => {
    const parts = await io.binaryToJSON(input);
    const uploaded = structuredClone(parts.json) as unknown as Record<string, unknown>;
    // An unknown extension listed as required but used nowhere (the upload refuses a used one)
    // would stop the reader: no viewer needs it.
    parts.json.extensionsRequired = parts.json.extensionsRequired?.filter((name) => known.has(name));
    return { read: await io.readJSON(parts), json: uploaded };
  });
  const repairs = await step("The model file could not be repaired.", async () =>
    repairModel(read, json, known),
  );
  dropDraco(read);
  dropMeshopt(read);
  const drawCallsBefore = drawCalls(read);
  const keyframesBefore = keyframeCount(read);
  await onProgress("geometry", 15);
  await step("The model's geometry could not be cleaned up.", async () => {
    const keepAttributes = await needsUnusedAttributes(read);
    await read.transform(dedup(), prune({ keepAttributes }), weld(), resample());
    // Resting channels and flat surfaces' normals go; the corners they kept apart are welded.
    // Only accessors can be left unused by that (textures are not judged again: prune would
    // decode every image to look for solid colours).
    const changed = dropRestChannels(read) + dropFlatNormals(read);
    if (changed > 0)
      await read.transform(
        prune({ propertyTypes: ["Accessor"], keepSolidTextures: true, keepAttributes }),
        weld(),
      );
  });
  const texturesBefore = textureFacts(read);
  await onProgress("textures", 35);
  const textureChoices = await step(
    "A texture image in the model is damaged and could not be converted.",
    () => compressTexturesPerceptually(read, sharp, MAX_TEXTURE_SIZE, textureSides(read)),
  );
  const texturesAfter = textureFacts(read);
  await onProgress("thumbnail", 60);
  // Simplification is judged by drawing the model before and after (the thumbnail's renderer);
  // models too large to draw on the server are left unsimplified. Textures are converted first,
  // so the drawings sample the small WebP, not a source image of up to 8192 px decoded again.
  const drawable = modelFacts(read).triangles <= THUMBNAIL_MAX_TRIANGLES;
  const { document, outcome } = await step("The model's geometry could not be simplified.", () =>
    simplifyGated(read, drawable),
  );
  // Measured before instancing: the size measure does not follow EXT_mesh_gpu_instancing.
  const facts = modelFacts(document);
  // The render check's accepted frame is the thumbnail.
  let thumbnail: Uint8Array | null = null;
  let thumbnailError: unknown;
  if (!drawable) {
    thumbnailError = new Error(`${facts.triangles} triangles: too many for a server thumbnail`);
  } else if (outcome.drawError !== undefined) {
    thumbnailError = outcome.drawError;
  } else if (outcome.frame) {
    try {
      thumbnail = await thumbnailJpeg(outcome.frame);
    } catch (error) {
      thumbnailError = error;
    }
  }
  await onProgress("compressing", 75);
  const { cloneDocument, draco, quantize } = await loadGltfFunctions();
  const uncompressed = geometryBytes(document);
  const forDraco = uncompressed >= DRACO_TRY_GEOMETRY_BYTES ? cloneDocument(document) : null;
  const forPlain = uncompressed <= PLAIN_TRY_BYTES ? cloneDocument(document) : null;
  const write = async (d: Document) => compactGlb(await io.writeBinary(dropEmptyScenes(d)));
  let written = await step("The model's geometry could not be compressed.", () =>
    restructureAndCompress(document, meshopt({ encoder: MeshoptEncoder, level: "high" }), write),
  );
  let geometry: TOptimizationReport["geometry"] = "meshopt";
  if (forPlain) {
    // Little geometry: meshopt's saving can be less than what its buffer views add to the JSON.
    const plain = await step("The model's geometry could not be compressed.", () =>
      restructureAndCompress(
        forPlain,
        async (d) => {
          await d.transform(quantize(), narrowIndices);
        },
        write,
      ),
    );
    if (plain.bytes.byteLength < written.bytes.byteLength) {
      written = plain;
      geometry = "quantized";
    }
  }
  // What Draco could shrink: the file less its images (the same in every encoding).
  if (forDraco && written.bytes.byteLength - texturesAfter.bytes > DRACO_DECODER_BYTES) {
    const dracoIo = await dracoWriter();
    const withDraco = await step("The model's geometry could not be compressed.", () =>
      restructureAndCompress(forDraco, draco(), async (d) =>
        compactGlb(await dracoIo.writeBinary(dropEmptyScenes(d))),
      ),
    );
    if (withDraco.bytes.byteLength + DRACO_DECODER_BYTES <= written.bytes.byteLength * DRACO_MAX_SHARE) {
      written = withDraco;
      geometry = "draco";
    }
  }
  const bytes = written.bytes;
  await checkServed(bytes);
  const optimization: TOptimizationReport = {
    triangles_before: outcome.trianglesBefore,
    triangles_after: facts.triangles,
    simplify: outcome.result === "not-checked" ? "skipped" : outcome.result,
    // Identical drawings have an infinite PSNR: 99 dB stands for "no difference at all".
    fidelity_db: outcome.psnr === null ? null : Math.round(Math.min(99, outcome.psnr) * 10) / 10,
    draw_calls_before: drawCallsBefore,
    draw_calls_after: written.drawCalls,
    textures: {
      count: texturesAfter.count,
      bytes_before: texturesBefore.bytes,
      bytes_after: texturesAfter.bytes,
      format: "webp",
      max_size: MAX_TEXTURE_SIZE,
      ...qualityRange(textureChoices),
    },
    geometry,
    ...(repairs.length > 0 ? { repairs } : {}),
    ...(keyframesBefore > 0
      ? {
          animation: {
            clips: document.getRoot().listAnimations().length,
            keyframes_before: keyframesBefore,
            keyframes_after: keyframeCount(document),
          },
        }
      : {}),
  };
  return {
    bytes,
    info: { ...facts, original_bytes: input.byteLength, optimized_bytes: bytes.byteLength, optimization },
    thumbnail,
    ...(thumbnailError === undefined ? {} : { thumbnailError }),
    simplify: {
      result: outcome.result,
      trianglesBefore: outcome.trianglesBefore,
      trianglesAfter: outcome.trianglesAfter,
      psnr: outcome.psnr,
    },
  };
}
