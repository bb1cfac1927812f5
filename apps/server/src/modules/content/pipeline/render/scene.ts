/**
 * What the rasteriser draws: the default scene's triangles, points and lines in world space, in
 * their rest pose (skins applied), with their normals, UVs, vertex colours, material colour and
 * base-colour texture (decoded once, at a small size, for sampling).
 */
import type { Document, Material, Node, Primitive } from "@gltf-transform/core";
import { floatsOf } from "../model-size";
import { loadSharp } from "../packages";
import { multiply, type TRgb, type TVec3, toLinear, transformDirection, transformPoint } from "./math";

/** Side of the copy of a texture sampled per pixel (enough for a 640 px card). */
const TEXTURE_SAMPLE_SIDE = 256;

/** A texture decoded for sampling: linear RGB floats. */
export interface TSampler {
  width: number;
  height: number;
  rgb: Float32Array;
}

/** One triangle (or a point, or a line) ready to draw. */
export interface TShape {
  /** 1 point, 2 line, 3 triangle: world positions. */
  points: TVec3[];
  normals: TVec3[] | null;
  uvs: Array<[number, number]> | null;
  colors: TRgb[] | null;
  base: TRgb;
  texture: TSampler | null;
  isUnlit: boolean;
}

/** Decodes a base-colour texture once; null when sharp cannot read it (KTX2, damaged). */
async function samplerOf(image: Uint8Array | null): Promise<TSampler | null> {
  if (!image) return null;
  try {
    const sharp = await loadSharp();
    const { data, info } = await sharp(image)
      .resize(TEXTURE_SAMPLE_SIDE, TEXTURE_SAMPLE_SIDE, { fit: "fill" })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = new Float32Array(info.width * info.height * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = toLinear((data[i] ?? 0) / 255);
    return { width: info.width, height: info.height, rgb };
  } catch {
    return null;
  }
}

/** Positions of a primitive in world space: the node's transform, or its skin's rest pose. */
export function worldPositions(node: Node, primitive: Primitive): TVec3[] {
  const position = primitive.getAttribute("POSITION");
  if (!position) return [];
  const count = position.getCount();
  const local: TVec3[] = [];
  const values = floatsOf(position);
  for (let i = 0; i < count; i++)
    local.push([values[i * 3] ?? 0, values[i * 3 + 1] ?? 0, values[i * 3 + 2] ?? 0]);
  const skin = node.getSkin();
  const joints = primitive.getAttribute("JOINTS_0");
  const weights = primitive.getAttribute("WEIGHTS_0");
  if (!skin || !joints || !weights) {
    const world = node.getWorldMatrix();
    return local.map((p) => transformPoint(world, p));
  }
  // As three.js draws a skinned mesh at rest: Σ weight × (joint world × inverse bind) × position.
  const inverseBind = skin.getInverseBindMatrices();
  const jointMatrices = skin.listJoints().map((joint, j) => {
    const ibm: number[] = [];
    if (inverseBind) inverseBind.getElement(j, ibm);
    else ibm.push(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    return multiply(joint.getWorldMatrix(), ibm);
  });
  const j = floatsOf(joints);
  const w = floatsOf(weights);
  return local.map((p, i) => {
    const out: TVec3 = [0, 0, 0];
    let total = 0;
    for (let k = 0; k < 4; k++) {
      const weight = w[i * 4 + k] ?? 0;
      const matrix = jointMatrices[j[i * 4 + k] ?? 0];
      if (weight <= 0 || !matrix) continue;
      const q = transformPoint(matrix, p);
      out[0] += q[0] * weight;
      out[1] += q[1] * weight;
      out[2] += q[2] * weight;
      total += weight;
    }
    return total > 0
      ? [out[0] / total, out[1] / total, out[2] / total]
      : transformPoint(node.getWorldMatrix(), p);
  });
}

/** A vertex attribute as plain numbers, `size` per vertex (null when the primitive has none). */
export function readVectors(primitive: Primitive, semantic: string, size: number): number[][] | null {
  const accessor = primitive.getAttribute(semantic);
  if (!accessor) return null;
  const values = floatsOf(accessor);
  const stride = accessor.getElementSize();
  const out: number[][] = [];
  for (let i = 0; i < accessor.getCount(); i++) {
    const element = new Array<number>(size);
    for (let k = 0; k < size; k++) element[k] = (k < stride ? values[i * stride + k] : undefined) ?? 0;
    out.push(element);
  }
  return out;
}

/** Corner indices of each shape of a primitive, by its draw mode. */
export function shapesOf(primitive: Primitive, count: number): number[][] {
  const indices = primitive.getIndices();
  const list = indices?.getArray() ?? null;
  const at = (i: number) => (list ? (list[i] ?? 0) : i);
  const n = indices ? indices.getCount() : count;
  const shapes: number[][] = [];
  switch (primitive.getMode()) {
    case 0:
      for (let i = 0; i < n; i++) shapes.push([at(i)]);
      break;
    case 1:
      for (let i = 0; i + 1 < n; i += 2) shapes.push([at(i), at(i + 1)]);
      break;
    case 2:
    case 3:
      for (let i = 0; i + 1 < n; i++) shapes.push([at(i), at(i + 1)]);
      if (primitive.getMode() === 2 && n > 2) shapes.push([at(n - 1), at(0)]);
      break;
    case 5:
      for (let i = 0; i + 2 < n; i++)
        shapes.push(i % 2 === 0 ? [at(i), at(i + 1), at(i + 2)] : [at(i + 1), at(i), at(i + 2)]);
      break;
    case 6:
      for (let i = 1; i + 1 < n; i++) shapes.push([at(0), at(i), at(i + 1)]);
      break;
    default:
      for (let i = 0; i + 2 < n; i += 3) shapes.push([at(i), at(i + 1), at(i + 2)]);
  }
  return shapes;
}

function materialLook(material: Material | null): { base: TRgb; isUnlit: boolean } {
  if (!material) return { base: [0.8, 0.8, 0.8], isUnlit: false };
  const [r, g, b] = material.getBaseColorFactor();
  return {
    base: [r ?? 1, g ?? 1, b ?? 1],
    isUnlit: material.getExtension("KHR_materials_unlit") !== null,
  };
}

/** Everything the default scene draws, as shapes in world space. */
export async function collectShapes(document: Document): Promise<TShape[]> {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  if (!scene) return [];
  const samplers = new Map<unknown, Promise<TSampler | null>>();
  const shapes: TShape[] = [];
  const nodes: Node[] = [];
  scene.traverse((node) => {
    if (node.getMesh()) nodes.push(node);
  });
  for (const node of nodes) {
    const world = node.getWorldMatrix();
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      const positions = worldPositions(node, primitive);
      if (positions.length === 0) continue;
      const material = primitive.getMaterial();
      const { base, isUnlit } = materialLook(material);
      const texture = material?.getBaseColorTexture() ?? null;
      const texCoord = material?.getBaseColorTextureInfo()?.getTexCoord() ?? 0;
      let sampler: TSampler | null = null;
      if (texture) {
        if (!samplers.has(texture)) samplers.set(texture, samplerOf(texture.getImage()));
        sampler = (await samplers.get(texture)) ?? null;
      }
      // Per vertex once (world normals, uv pairs, colours); the shapes hold references to them, so
      // a vertex shared by six triangles is transformed once, not six times.
      const normals = node.getSkin()
        ? null
        : readVectors(primitive, "NORMAL", 3)?.map((n) =>
            transformDirection(world, [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0]),
          );
      const uvs = sampler
        ? readVectors(primitive, `TEXCOORD_${texCoord}`, 2)?.map((uv): [number, number] => [
            uv[0] ?? 0,
            uv[1] ?? 0,
          ])
        : null;
      const colors = readVectors(primitive, "COLOR_0", 4)?.map(
        (c): TRgb => [c[0] ?? 1, c[1] ?? 1, c[2] ?? 1],
      );
      const origin: TVec3 = [0, 0, 0];
      const up: TVec3 = [0, 1, 0];
      const noUv: [number, number] = [0, 0];
      const white: TRgb = [1, 1, 1];
      for (const corners of shapesOf(primitive, positions.length)) {
        shapes.push({
          points: corners.map((i) => positions[i] ?? origin),
          normals: normals ? corners.map((i) => normals[i] ?? up) : null,
          uvs: uvs ? corners.map((i) => uvs[i] ?? noUv) : null,
          colors: colors ? corners.map((i) => colors[i] ?? white) : null,
          base,
          texture: uvs ? sampler : null,
          isUnlit,
        });
      }
    }
  }
  return shapes;
}
