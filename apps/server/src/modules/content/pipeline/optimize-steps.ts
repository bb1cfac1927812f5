/**
 * The pipeline's structural steps (issue 16): mesh simplification behind a render gate, then
 * GPU instancing of repeated meshes, flattening and joining of static nodes.
 *
 * What the studio refers to, and why these steps keep it:
 * - annotations store world positions and normals, never node names, so moving geometry between
 *   nodes keeps them; simplification moves surfaces by at most half a pixel of a 2048 px view of
 *   the whole model (`MODEL_SIMPLIFY_ERROR`);
 * - motion steps name clips, and three.js binds a clip's tracks to nodes by name: `instance`
 *   does nothing on a model with animations, and `flatten`/`join` leave animated nodes (and the
 *   nodes under them), skinned meshes and their skeletons where they are;
 * - material settings name materials (`name` or `#index`): `join` only merges primitives that
 *   share one material, so every material stays. `palette` is not run: it would fold many
 *   materials into one, and the owner's per-material tone, metalness and roughness with them;
 * - skinned and morphed meshes are not simplified (meshopt's error sees positions only, not
 *   joint weights or target deltas), nor are models using KHR_materials_variants joined.
 */
import type { Document, Mesh, Primitive, Transform } from "@gltf-transform/core";
import { loadGltfFunctions, loadMeshoptimizer } from "./packages";
import { cross, readVectors, renderFrame, shapesOf, sub, type TRenderedFrame, type TVec3 } from "./thumbnail";

/**
 * How far simplification may move a surface, as a fraction of the whole model's size: half a
 * pixel when the model fills a 2048 px view (the default framing on a large screen).
 */
export const MODEL_SIMPLIFY_ERROR = 1 / 4096;
/**
 * meshopt's error is a fraction of each mesh's own size, so a mesh gets the model's bound scaled
 * by how much smaller it is than the model (a bolt 1/40 of the assembly may move 1/100 of its own
 * size, the same half pixel), within these limits: never stricter than the CLI's default (0.01 %
 * of the mesh), never more than 1 % of the mesh (small parts keep their shape up close too).
 */
export const SIMPLIFY_ERROR_MIN = 0.0001;
export const SIMPLIFY_ERROR_MAX = 0.01;
/**
 * The gate: the simplified model, drawn from the thumbnail's view, must stay at least this close
 * to the original (PSNR over sRGB bytes). Above ~45 dB differences are not visible.
 */
export const SIMPLIFY_MIN_PSNR = 45;

const TRIANGLES = 4;

/** What simplification did, for the log and the bench. */
export interface TSimplifyOutcome {
  /** `kept` when the gate refused the result, `none` when nothing could be simplified. */
  result: "applied" | "kept" | "none" | "not-checked";
  trianglesBefore: number;
  trianglesAfter: number;
  /** Rendered closeness to the original (dB); null when not drawn. */
  psnr: number | null;
  /** The accepted model drawn from the thumbnail's view (reused as the thumbnail). */
  frame: TRenderedFrame | null;
  /** Why the model could not be drawn, when it could not. */
  drawError?: unknown;
}

/** Whether meshopt can simplify this primitive without harming what it cannot see. */
function simplifiable(primitive: Primitive, skinnedMeshes: Set<unknown>, mesh: unknown): boolean {
  return (
    primitive.getMode() === TRIANGLES &&
    primitive.getIndices() !== null &&
    primitive.getAttribute("POSITION") !== null &&
    primitive.listTargets().length === 0 &&
    !skinnedMeshes.has(mesh)
  );
}

function triangleCount(document: Document): number {
  let total = 0;
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      if (primitive.getMode() !== TRIANGLES) continue;
      total += Math.floor(
        (primitive.getIndices()?.getCount() ?? primitive.getAttribute("POSITION")?.getCount() ?? 0) / 3,
      );
    }
  }
  return total;
}

/**
 * Simplifies every primitive it may; `isStrict` holds each mesh to the CLI's bound
 * ({@link SIMPLIFY_ERROR_MIN} of its own size) instead of the model's half pixel.
 */
async function simplifyAll(document: Document, isStrict = false): Promise<void> {
  const [{ simplifyPrimitive }, { MeshoptSimplifier }] = await Promise.all([
    loadGltfFunctions(),
    loadMeshoptimizer(),
  ]);
  await MeshoptSimplifier.ready;
  const root = document.getRoot();
  const skinnedMeshes = new Set<unknown>(
    root
      .listNodes()
      .filter((node) => node.getSkin())
      .map((node) => node.getMesh()),
  );
  const sizes = worldSizes(document);
  for (const mesh of root.listMeshes()) {
    const meshSize = sizes.meshes.get(mesh) ?? 0;
    const error =
      meshSize > 0 && !isStrict
        ? Math.min(
            SIMPLIFY_ERROR_MAX,
            Math.max(SIMPLIFY_ERROR_MIN, (MODEL_SIMPLIFY_ERROR * sizes.model) / meshSize),
          )
        : SIMPLIFY_ERROR_MIN;
    for (const primitive of mesh.listPrimitives()) {
      if (!simplifiable(primitive, skinnedMeshes, mesh)) continue;
      simplifyPrimitive(primitive, { simplifier: MeshoptSimplifier, error, ratio: 0 });
    }
  }
}

/** The largest side of a box. */
function largestSide(min: number[], max: number[]): number {
  return Math.max(0, ...min.map((low, k) => (max[k] ?? low) - low));
}

/**
 * Sizes in the scene, the largest side of a bounding box: the whole model's, and each mesh's as
 * drawn (its bounds scaled by the largest scale of a node drawing it).
 */
export function worldSizes(document: Document): { model: number; meshes: Map<Mesh, number> } {
  const meshes = new Map<Mesh, number>();
  const low = [Infinity, Infinity, Infinity];
  const high = [-Infinity, -Infinity, -Infinity];
  for (const node of document.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const world = node.getWorldMatrix();
    const scale = Math.max(
      Math.hypot(world[0], world[1], world[2]),
      Math.hypot(world[4], world[5], world[6]),
      Math.hypot(world[8], world[9], world[10]),
    );
    for (const primitive of mesh.listPrimitives()) {
      const position = primitive.getAttribute("POSITION");
      if (!position) continue;
      const min = position.getMin([]);
      const max = position.getMax([]);
      meshes.set(mesh, Math.max(meshes.get(mesh) ?? 0, largestSide(min, max) * scale));
      // The model's box from the eight corners of each primitive's box, placed by its node.
      for (let corner = 0; corner < 8; corner++) {
        const p = [0, 1, 2].map((k) => ((corner >> k) & 1 ? (max[k] ?? 0) : (min[k] ?? 0)));
        for (let k = 0; k < 3; k++) {
          const v =
            world[k] * (p[0] ?? 0) + world[k + 4] * (p[1] ?? 0) + world[k + 8] * (p[2] ?? 0) + world[k + 12];
          low[k] = Math.min(low[k] ?? v, v);
          high[k] = Math.max(high[k] ?? v, v);
        }
      }
    }
  }
  return { model: Number.isFinite(low[0]) ? largestSide(low, high) : 0, meshes };
}

/** Peak signal-to-noise ratio of two frames of the same size (Infinity when identical). */
export function psnr(a: TRenderedFrame, b: TRenderedFrame): number {
  if (a.rgb.length !== b.rgb.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.rgb.length; i++) {
    const d = (a.rgb[i] ?? 0) - (b.rgb[i] ?? 0);
    sum += d * d;
  }
  const mse = sum / a.rgb.length;
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / mse);
}

/**
 * Simplifies a copy of the (welded) document and keeps it only when its rendering stays within
 * {@link SIMPLIFY_MIN_PSNR} of the original's; returns the document to continue with.
 * `draw` false (a model too large to draw) skips both simplification and the drawing.
 */
export async function simplifyGated(
  document: Document,
  draw: boolean,
): Promise<{ document: Document; outcome: TSimplifyOutcome }> {
  const trianglesBefore = triangleCount(document);
  // Not drawable, so not checkable: left unsimplified (and without a server thumbnail).
  const notChecked = (drawError?: unknown) => ({
    document,
    outcome: {
      result: "not-checked" as const,
      trianglesBefore,
      trianglesAfter: trianglesBefore,
      psnr: null,
      frame: null,
      ...(drawError === undefined ? {} : { drawError }),
    },
  });
  if (!draw) return notChecked();
  let original: TRenderedFrame | null;
  try {
    original = await renderFrame(document);
  } catch (drawError) {
    return notChecked(drawError);
  }
  const { cloneDocument } = await loadGltfFunctions();
  const candidate = cloneDocument(document);
  await simplifyAll(candidate);
  const trianglesAfter = triangleCount(candidate);
  const unchanged = {
    document,
    outcome: { trianglesBefore, trianglesAfter: trianglesBefore, frame: original },
  };
  if (trianglesAfter >= trianglesBefore || !original) {
    return { ...unchanged, outcome: { ...unchanged.outcome, result: "none", psnr: null } };
  }
  const simplified = await renderFrame(candidate).catch(() => null);
  const closeness = simplified ? psnr(original, simplified) : 0;
  if (closeness >= SIMPLIFY_MIN_PSNR) {
    return {
      document: candidate,
      outcome: { result: "applied", trianglesBefore, trianglesAfter, psnr: closeness, frame: simplified },
    };
  }
  // The half-pixel bound showed: the CLI's tighter bound per mesh may still take triangles away
  // unseen (ToyCar: 33.6 dB with the first, a third of its triangles with the second).
  const strict = cloneDocument(document);
  await simplifyAll(strict, true);
  const strictTriangles = triangleCount(strict);
  const strictFrame = strictTriangles < trianglesBefore ? await renderFrame(strict).catch(() => null) : null;
  const strictCloseness = strictFrame ? psnr(original, strictFrame) : 0;
  if (strictFrame && strictCloseness >= SIMPLIFY_MIN_PSNR) {
    return {
      document: strict,
      outcome: {
        result: "applied",
        trianglesBefore,
        trianglesAfter: strictTriangles,
        psnr: strictCloseness,
        frame: strictFrame,
      },
    };
  }
  return { ...unchanged, outcome: { ...unchanged.outcome, result: "kept", psnr: closeness } };
}

/**
 * Instancing of meshes repeated at least 5 times (EXT_mesh_gpu_instancing, drawn by three.js as
 * InstancedMesh), flatten of static nodes and sparse accessors, then meshopt; the same again
 * with static nodes joined, and the smaller file wins (joining bakes node transforms into the
 * vertices, which can quantize worse than it saves: Radio grows by 5 %). The CLI's set minus
 * palette; see the file comment for what is kept and why. Returns the written `.glb`.
 */
export async function restructureAndCompress(
  document: Document,
  compress: Transform,
  write: (document: Document) => Promise<Uint8Array>,
): Promise<{ bytes: Uint8Array; drawCalls: number }> {
  const { cloneDocument, flatten, instance, join, sparse } = await loadGltfFunctions();
  const hasVariants = document
    .getRoot()
    .listExtensionsUsed()
    .some((extension) => extension.extensionName === "KHR_materials_variants");
  await document.transform(instance({ min: 5 }), flatten());
  const joined = hasVariants || !canJoin(document) ? null : cloneDocument(document);
  await document.transform(sparse(), compress);
  const plain = { bytes: await write(document), drawCalls: drawCalls(document) };
  if (!joined) return plain;
  await joined.transform(join({ keepNamed: false, keepMeshes: false }), sparse(), compress);
  const smaller = { bytes: await write(joined), drawCalls: drawCalls(joined) };
  return smaller.bytes.byteLength < plain.bytes.byteLength ? smaller : plain;
}

/**
 * Whether `join` could merge anything: it merges primitives that share a material (and a mode and
 * attributes) across a node's children. With no material used by two primitives there is nothing
 * to merge, and the second encoding is skipped (a large single mesh took twice the time for it).
 */
function canJoin(document: Document): boolean {
  const uses = new Map<unknown, number>();
  for (const node of document.getRoot().listNodes()) {
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      const material = primitive.getMaterial();
      const count = (uses.get(material) ?? 0) + 1;
      if (count > 1) return true;
      uses.set(material, count);
    }
  }
  return false;
}

/**
 * Draw calls of a document: the primitives of every node with a mesh (a node drawing its mesh
 * many times through EXT_mesh_gpu_instancing still draws each primitive once).
 */
export function drawCalls(document: Document): number {
  return document
    .getRoot()
    .listNodes()
    .reduce((sum, node) => sum + (node.getMesh()?.listPrimitives().length ?? 0), 0);
}

/** Material extensions that can carry a normal map or read tangents. */
const NORMAL_MAP_EXTENSIONS = new Set(["KHR_materials_clearcoat", "KHR_materials_anisotropy"]);

const ORIGIN: TVec3 = [0, 0, 0];

/** A vertex normal this close to its face's normal (cos 0.5°) counts as the face's. */
const FLAT_NORMAL_COS = Math.cos((0.5 * Math.PI) / 180);

/**
 * Whether every triangle of a primitive carries its own face normal at its three corners (a
 * flat-shaded surface, stored once per face corner). Degenerate triangles draw nothing and are
 * not judged.
 */
function flatShaded(primitive: Primitive): boolean {
  const positions = readVectors(primitive, "POSITION", 3) as TVec3[] | null;
  const normals = readVectors(primitive, "NORMAL", 3) as TVec3[] | null;
  if (!positions || !normals || primitive.getMode() !== TRIANGLES || positions.length === 0) return false;
  for (const corners of shapesOf(primitive, positions.length)) {
    const [a = ORIGIN, b = ORIGIN, c = ORIGIN] = corners.map((i) => positions[i]);
    const face = cross(sub(b, a), sub(c, a));
    const area = Math.hypot(...face);
    if (area === 0) continue;
    for (const id of corners) {
      const n = normals[id] ?? ORIGIN;
      const length = Math.hypot(...n);
      if (length === 0) return false;
      if ((face[0] * n[0] + face[1] * n[1] + face[2] * n[2]) / (area * length) < FLAT_NORMAL_COS)
        return false;
    }
  }
  return true;
}

/**
 * Flat-shaded surfaces lose their stored normals, so `weld` can share each corner between the faces
 * that meet there (a flat-shaded fox body: 1,728 vertices → 290). glTF asks viewers to shade a
 * primitive without normals flat (three.js: `flatShading`, the face normal of each drawn — and
 * skinned — triangle), which is what the stored normals said. Not for materials whose normal
 * maps need the stored normals and tangents, nor for morph targets (their normal deltas). Returns
 * how many primitives changed.
 */
export function dropFlatNormals(document: Document): number {
  let changed = 0;
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const material = primitive.getMaterial();
      const normalMapped =
        material?.getNormalTexture() ||
        material?.listExtensions().some((extension) => NORMAL_MAP_EXTENSIONS.has(extension.extensionName));
      if (normalMapped || primitive.listTargets().length > 0) continue;
      if (primitive.getAttribute("TANGENT") || !flatShaded(primitive)) continue;
      // Unset, not disposed: the accessor may be shared with a primitive that keeps it (prune
      // removes it when nothing does).
      primitive.setAttribute("NORMAL", null);
      changed++;
    }
  }
  return changed;
}
