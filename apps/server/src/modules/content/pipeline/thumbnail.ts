/**
 * A thumbnail drawn on the server when processing ends (issue 9, item 14), so a content has a
 * card image before its owner ever opens the editor (no browser may be open). A small software
 * rasteriser: the default scene's triangles in their rest pose (skins applied), seen from the
 * front-right and a little above, perspective, a depth buffer, interpolated normals, base
 * colour × texture (sampled per pixel) × vertex colour, a key, a fill and a sky light, on a light
 * backdrop with a soft contact shadow; points and lines as dots and strokes. Drawn at twice the
 * size and scaled down by sharp for smooth edges. The editor's own capture replaces it on save.
 */
import type { Document, Material, Node, Primitive } from "@gltf-transform/core";
import { floatsOf } from "./model-size";
import { loadSharp } from "./packages";

/** Size of the thumbnail (the studio cards are 4:3, as the editor's capture). */
export const THUMBNAIL_SIZE = { width: 640, height: 480 } as const;

const SUPERSAMPLE = 2;
/** Side of the copy of a texture sampled per pixel (enough for a 640 px card). */
const TEXTURE_SAMPLE_SIDE = 256;
const FOV = (30 * Math.PI) / 180;

/** A point or direction. */
export type TVec3 = [number, number, number];
type TMat4 = ArrayLike<number>;
type TRgb = [number, number, number];

/** A texture decoded for sampling: linear RGB floats. */
interface TSampler {
  width: number;
  height: number;
  rgb: Float32Array;
}

/** One triangle (or a point, or a line) ready to draw. */
interface TShape {
  /** 1 point, 2 line, 3 triangle: world positions. */
  points: TVec3[];
  normals: TVec3[] | null;
  uvs: Array<[number, number]> | null;
  colors: TRgb[] | null;
  base: TRgb;
  texture: TSampler | null;
  isUnlit: boolean;
}

function transformPoint(m: TMat4, p: TVec3): TVec3 {
  const [x, y, z] = p;
  return [
    (m[0] ?? 0) * x + (m[4] ?? 0) * y + (m[8] ?? 0) * z + (m[12] ?? 0),
    (m[1] ?? 0) * x + (m[5] ?? 0) * y + (m[9] ?? 0) * z + (m[13] ?? 0),
    (m[2] ?? 0) * x + (m[6] ?? 0) * y + (m[10] ?? 0) * z + (m[14] ?? 0),
  ];
}

function transformDirection(m: TMat4, d: TVec3): TVec3 {
  const [x, y, z] = d;
  return normalize([
    (m[0] ?? 0) * x + (m[4] ?? 0) * y + (m[8] ?? 0) * z,
    (m[1] ?? 0) * x + (m[5] ?? 0) * y + (m[9] ?? 0) * z,
    (m[2] ?? 0) * x + (m[6] ?? 0) * y + (m[10] ?? 0) * z,
  ]);
}

function multiply(a: TMat4, b: TMat4): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (a[k * 4 + r] ?? 0) * (b[c * 4 + k] ?? 0);
      out[c * 4 + r] = sum;
    }
  }
  return out;
}

export function sub(a: TVec3, b: TVec3): TVec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function dot(a: TVec3, b: TVec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross(a: TVec3, b: TVec3): TVec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalize(v: TVec3): TVec3 {
  const length = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return length > 0 ? [v[0] / length, v[1] / length, v[2] / length] : [0, 1, 0];
}

function toLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The sRGB byte of a linear value, by the formula (what {@link SRGB_STEPS} is built from). */
export function srgbByteOf(c: number): number {
  const v = Math.max(0, Math.min(1, c));
  const s = v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.round(s * 255);
}

/**
 * The linear values where the sRGB byte steps up: entry k is the smallest double whose byte is
 * k + 1, found by halving over the doubles' bit patterns (ordered like the values they stand for
 * when positive), so the table is exact. A frame has millions of values to encode, and a binary
 * search over these steps (8 comparisons) is several times faster than a power per value.
 */
const SRGB_STEPS = (() => {
  const steps = new Float64Array(255);
  const value = new Float64Array(1);
  const bits = new BigUint64Array(value.buffer);
  const at = (pattern: bigint) => {
    bits[0] = pattern;
    return value[0] ?? 0;
  };
  value[0] = 1;
  const one = bits[0] ?? 0n;
  for (let k = 0; k < 255; k++) {
    let low = 0n;
    let high = one;
    while (high - low > 1n) {
      const middle = (low + high) / 2n;
      if (srgbByteOf(at(middle)) >= k + 1) high = middle;
      else low = middle;
    }
    steps[k] = at(high);
  }
  return steps;
})();

/** {@link srgbByteOf} through the steps (NaN gives 0, as a NaN byte does). */
export function toSrgbByte(c: number): number {
  let low = 0;
  let high = 255;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((SRGB_STEPS[middle] ?? 2) <= c) low = middle + 1;
    else high = middle;
  }
  return low;
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
async function collectShapes(document: Document): Promise<TShape[]> {
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

/** The camera: world → view (x right, y up, z depth) and view → screen pixels. */
interface TCamera {
  eye: TVec3;
  right: TVec3;
  up: TVec3;
  forward: TVec3;
  scale: number;
  offsetX: number;
  offsetY: number;
}

function cameraFor(shapes: TShape[], width: number, height: number): TCamera | null {
  const min: TVec3 = [Infinity, Infinity, Infinity];
  const max: TVec3 = [-Infinity, -Infinity, -Infinity];
  for (const shape of shapes) {
    for (const p of shape.points) {
      for (let k = 0; k < 3; k++) {
        const v = p[k] ?? 0;
        if (!Number.isFinite(v)) continue;
        if (v < (min[k] ?? 0)) min[k] = v;
        if (v > (max[k] ?? 0)) max[k] = v;
      }
    }
  }
  if (!Number.isFinite(min[0]) || !Number.isFinite(max[0])) return null;
  const center: TVec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const radius = Math.max(Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2, 1e-6);
  // Front-right, a little above: the three-quarter view product photos use.
  const azimuth = (30 * Math.PI) / 180;
  const elevation = (20 * Math.PI) / 180;
  const direction: TVec3 = [
    Math.sin(azimuth) * Math.cos(elevation),
    Math.sin(elevation),
    Math.cos(azimuth) * Math.cos(elevation),
  ];
  const distance = (radius / Math.sin(FOV / 2)) * 1.05;
  const eye: TVec3 = [
    center[0] + direction[0] * distance,
    center[1] + direction[1] * distance,
    center[2] + direction[2] * distance,
  ];
  const forward = normalize(sub(center, eye));
  const right = normalize(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);
  const camera: TCamera = { eye, right, up, forward, scale: 1, offsetX: 0, offsetY: 0 };
  // Fit the projected model into the frame with a margin, centred.
  let left = Infinity;
  let top = Infinity;
  let rightEdge = -Infinity;
  let bottom = -Infinity;
  for (const shape of shapes) {
    for (const p of shape.points) {
      const [x, y] = project(camera, p);
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      left = Math.min(left, x);
      rightEdge = Math.max(rightEdge, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  const spanX = Math.max(rightEdge - left, 1e-9);
  const spanY = Math.max(bottom - top, 1e-9);
  const scale = Math.min((width * 0.84) / spanX, (height * 0.8) / spanY);
  camera.scale = scale;
  camera.offsetX = width / 2 - ((left + rightEdge) / 2) * scale;
  camera.offsetY = height * 0.48 - ((top + bottom) / 2) * scale;
  return camera;
}

/** Screen x, y (before fitting when scale is 1) and view depth. */
function project(camera: TCamera, p: TVec3): [number, number, number] {
  const d = sub(p, camera.eye);
  const z = Math.max(dot(d, camera.forward), 1e-6);
  const x = dot(d, camera.right) / z;
  const y = -dot(d, camera.up) / z;
  return [x * camera.scale + camera.offsetX, y * camera.scale + camera.offsetY, z];
}

const KEY_LIGHT = normalize([-0.5, 0.9, 0.6]);
const FILL_LIGHT = normalize([0.8, 0.2, 0.4]);

/** The frame: linear RGB and a depth buffer (1/z, larger is nearer). */
interface TFrame {
  width: number;
  height: number;
  rgb: Float32Array;
  depth: Float32Array;
}

function backdrop(width: number, height: number): TFrame {
  const rgb = new Float32Array(width * height * 3);
  const top = [0.93, 0.94, 0.95].map(toLinear);
  const bottom = [0.82, 0.84, 0.87].map(toLinear);
  for (let y = 0; y < height; y++) {
    const t = y / (height - 1);
    const r = (top[0] ?? 0) * (1 - t) + (bottom[0] ?? 0) * t;
    const g = (top[1] ?? 0) * (1 - t) + (bottom[1] ?? 0) * t;
    const b = (top[2] ?? 0) * (1 - t) + (bottom[2] ?? 0) * t;
    for (let i = y * width * 3, end = i + width * 3; i < end; i += 3) {
      rgb[i] = r;
      rgb[i + 1] = g;
      rgb[i + 2] = b;
    }
  }
  return { width, height, rgb, depth: new Float32Array(width * height) };
}

/** A soft shadow on the backdrop under the model: an ellipse on its footprint at its lowest point. */
function contactShadow(frame: TFrame, camera: TCamera, shapes: TShape[]): void {
  const min: TVec3 = [Infinity, Infinity, Infinity];
  const max: TVec3 = [-Infinity, -Infinity, -Infinity];
  for (const shape of shapes) {
    for (const p of shape.points) {
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k] ?? 0, p[k] ?? 0);
        max[k] = Math.max(max[k] ?? 0, p[k] ?? 0);
      }
    }
  }
  if (!Number.isFinite(min[1])) return;
  const corners = [
    [min[0], max[2]],
    [max[0], max[2]],
    [min[0], min[2]],
    [max[0], min[2]],
  ].map(([x, z]) => project(camera, [x ?? 0, min[1], z ?? 0]));
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [cx, cy] = project(camera, [(min[0] + max[0]) / 2, min[1], (min[2] + max[2]) / 2]);
  const rx = Math.max((Math.max(...xs) - Math.min(...xs)) / 2, 4) * 0.9;
  const ry = Math.max((Math.max(...ys) - Math.min(...ys)) / 2, 4) * 0.9;
  for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(frame.height, Math.ceil(cy + ry)); y++) {
    for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(frame.width, Math.ceil(cx + rx)); x++) {
      const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      if (d >= 1) continue;
      const shade = 1 - 0.3 * (1 - d) * Math.sqrt(1 - d);
      const i = (y * frame.width + x) * 3;
      frame.rgb[i] = (frame.rgb[i] ?? 0) * shade;
      frame.rgb[i + 1] = (frame.rgb[i + 1] ?? 0) * shade;
      frame.rgb[i + 2] = (frame.rgb[i + 2] ?? 0) * shade;
    }
  }
}

/**
 * The colour of one pixel of `shape` into `out` (linear RGB); `w` are its perspective-correct
 * weights. Written without allocating: it runs once per covered pixel.
 */
function shadePixel(
  shape: TShape,
  w0: number,
  w1: number,
  w2: number,
  face: TVec3,
  toEye: TVec3,
  out: Float64Array,
): void {
  let r = shape.base[0];
  let g = shape.base[1];
  let b = shape.base[2];
  const { texture, uvs, colors, normals } = shape;
  if (texture && uvs) {
    const [ua, ub, uc] = uvs;
    const u = w0 * (ua?.[0] ?? 0) + w1 * (ub?.[0] ?? 0) + w2 * (uc?.[0] ?? 0);
    const v = w0 * (ua?.[1] ?? 0) + w1 * (ub?.[1] ?? 0) + w2 * (uc?.[1] ?? 0);
    // Repeat wrapping, nearest texel (the image is drawn at twice the size and scaled down).
    const x = Math.floor((u - Math.floor(u)) * texture.width) % texture.width;
    const y = Math.floor((v - Math.floor(v)) * texture.height) % texture.height;
    const i = (y * texture.width + x) * 3;
    r *= texture.rgb[i] ?? 0;
    g *= texture.rgb[i + 1] ?? 0;
    b *= texture.rgb[i + 2] ?? 0;
  }
  if (colors) {
    const [ca, cb, cc] = colors;
    r *= w0 * (ca?.[0] ?? 1) + w1 * (cb?.[0] ?? 1) + w2 * (cc?.[0] ?? 1);
    g *= w0 * (ca?.[1] ?? 1) + w1 * (cb?.[1] ?? 1) + w2 * (cc?.[1] ?? 1);
    b *= w0 * (ca?.[2] ?? 1) + w1 * (cb?.[2] ?? 1) + w2 * (cc?.[2] ?? 1);
  }
  if (!shape.isUnlit) {
    let nx = face[0];
    let ny = face[1];
    let nz = face[2];
    if (normals) {
      const [a, bn, c] = normals;
      nx = w0 * (a?.[0] ?? 0) + w1 * (bn?.[0] ?? 0) + w2 * (c?.[0] ?? 0);
      ny = w0 * (a?.[1] ?? 0) + w1 * (bn?.[1] ?? 0) + w2 * (c?.[1] ?? 0);
      nz = w0 * (a?.[2] ?? 0) + w1 * (bn?.[2] ?? 0) + w2 * (c?.[2] ?? 0);
      const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (length > 0) {
        nx /= length;
        ny /= length;
        nz /= length;
      } else {
        nx = 0;
        ny = 1;
        nz = 0;
      }
    }
    // Surfaces are lit from whichever side faces the viewer (many models are single-sided planes).
    if (nx * toEye[0] + ny * toEye[1] + nz * toEye[2] < 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
    const light =
      0.32 +
      0.12 * ny +
      0.7 * Math.max(0, nx * KEY_LIGHT[0] + ny * KEY_LIGHT[1] + nz * KEY_LIGHT[2]) +
      0.25 * Math.max(0, nx * FILL_LIGHT[0] + ny * FILL_LIGHT[1] + nz * FILL_LIGHT[2]);
    r *= light;
    g *= light;
    b *= light;
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
}

function put(frame: TFrame, x: number, y: number, invZ: number, color: ArrayLike<number>): void {
  const at = y * frame.width + x;
  if (invZ <= (frame.depth[at] ?? 0)) return;
  frame.depth[at] = invZ;
  frame.rgb[at * 3] = color[0] ?? 0;
  frame.rgb[at * 3 + 1] = color[1] ?? 0;
  frame.rgb[at * 3 + 2] = color[2] ?? 0;
}

/** One pixel's colour, reused for every pixel of every triangle. */
const pixel = new Float64Array(3);

function drawTriangle(frame: TFrame, camera: TCamera, shape: TShape): void {
  const [pa, pb, pc] = shape.points;
  if (!pa || !pb || !pc) return;
  const a = project(camera, pa);
  const b = project(camera, pb);
  const c = project(camera, pc);
  const area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  if (!Number.isFinite(area) || Math.abs(area) < 1e-12) return;
  const faceNormal = normalize(cross(sub(pb, pa), sub(pc, pa)));
  const toEye = normalize(sub(camera.eye, pa));
  const minX = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
  const maxX = Math.min(frame.width - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
  const minY = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
  const maxY = Math.min(frame.height - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
  const iza = 1 / a[2];
  const izb = 1 / b[2];
  const izc = 1 / c[2];
  const { depth, rgb, width } = frame;
  for (let y = minY; y <= maxY; y++) {
    const py = y + 0.5;
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5;
      const w0 = ((b[0] - px) * (c[1] - py) - (b[1] - py) * (c[0] - px)) / area;
      const w1 = ((c[0] - px) * (a[1] - py) - (c[1] - py) * (a[0] - px)) / area;
      const w2 = 1 - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      const invZ = w0 * iza + w1 * izb + w2 * izc;
      const at = y * width + x;
      if (invZ <= (depth[at] ?? 0)) continue;
      // Perspective-correct weights for the attributes.
      shadePixel(shape, (w0 * iza) / invZ, (w1 * izb) / invZ, (w2 * izc) / invZ, faceNormal, toEye, pixel);
      depth[at] = invZ;
      rgb[at * 3] = pixel[0] ?? 0;
      rgb[at * 3 + 1] = pixel[1] ?? 0;
      rgb[at * 3 + 2] = pixel[2] ?? 0;
    }
  }
}

/** Points as small discs, lines as strokes, in their unlit colour. */
function drawPointOrLine(frame: TFrame, camera: TCamera, shape: TShape): void {
  const color: TRgb = shape.colors?.[0]
    ? [
        shape.base[0] * shape.colors[0][0],
        shape.base[1] * shape.colors[0][1],
        shape.base[2] * shape.colors[0][2],
      ]
    : shape.base;
  const radius = 1.5 * SUPERSAMPLE;
  const ends = shape.points.map((p) => project(camera, p));
  const [from, to = from] = ends;
  if (!from || !to) return;
  const steps = Math.max(1, Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1])));
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const cx = from[0] + (to[0] - from[0]) * t;
    const cy = from[1] + (to[1] - from[1]) * t;
    const invZ = 1 / (from[2] + (to[2] - from[2]) * t);
    for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
      for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
        if (x < 0 || y < 0 || x >= frame.width || y >= frame.height) continue;
        if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 > radius * radius) continue;
        put(frame, x, y, invZ, color);
      }
    }
  }
}

/** A drawn frame: sRGB bytes, 3 per pixel, at twice {@link THUMBNAIL_SIZE}. */
export interface TRenderedFrame {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/**
 * Draws the document's default scene (the thumbnail's view) as raw sRGB bytes; null when there
 * is nothing to draw. The pipeline's quality gate compares two of these.
 */
export async function renderFrame(document: Document): Promise<TRenderedFrame | null> {
  const shapes = await collectShapes(document);
  const width = THUMBNAIL_SIZE.width * SUPERSAMPLE;
  const height = THUMBNAIL_SIZE.height * SUPERSAMPLE;
  const camera = shapes.length > 0 ? cameraFor(shapes, width, height) : null;
  if (!camera) return null;
  const frame = backdrop(width, height);
  contactShadow(frame, camera, shapes);
  for (const shape of shapes) {
    if (shape.points.length === 3) drawTriangle(frame, camera, shape);
    else drawPointOrLine(frame, camera, shape);
  }
  const rgb = new Uint8Array(width * height * 3);
  // Neighbouring pixels are often equal (the backdrop is one colour a row): encode each run once.
  const source = frame.rgb;
  let lastR = Number.NaN;
  let lastG = Number.NaN;
  let lastB = Number.NaN;
  let byteR = 0;
  let byteG = 0;
  let byteB = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    const r = source[i] ?? 0;
    const g = source[i + 1] ?? 0;
    const b = source[i + 2] ?? 0;
    if (r !== lastR || g !== lastG || b !== lastB) {
      lastR = r;
      lastG = g;
      lastB = b;
      byteR = toSrgbByte(r);
      byteG = toSrgbByte(g);
      byteB = toSrgbByte(b);
    }
    rgb[i] = byteR;
    rgb[i + 1] = byteG;
    rgb[i + 2] = byteB;
  }
  return { width, height, rgb };
}

/** Encodes a drawn frame as the thumbnail JPEG ({@link THUMBNAIL_SIZE}). */
export async function thumbnailJpeg(frame: TRenderedFrame): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const jpeg = await sharp(Buffer.from(frame.rgb.buffer, frame.rgb.byteOffset, frame.rgb.byteLength), {
    raw: { width: frame.width, height: frame.height, channels: 3 },
  })
    .resize(THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height, { kernel: "lanczos3" })
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/**
 * Draws the document's default scene as a JPEG of {@link THUMBNAIL_SIZE}; null when there is
 * nothing to draw. Call it before meshopt compression (the geometry is still plain).
 */
export async function renderThumbnail(document: Document): Promise<Uint8Array | null> {
  const frame = await renderFrame(document);
  return frame ? thumbnailJpeg(frame) : null;
}
