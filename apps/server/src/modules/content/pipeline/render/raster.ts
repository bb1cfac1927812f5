/**
 * Drawing into a frame: the backdrop, a soft contact shadow, and each triangle with a depth
 * buffer, perspective-correct attributes and the key, fill and sky lights; points and lines as
 * dots and strokes.
 */
import { project, type TCamera } from "./camera";
import { cross, normalize, sub, type TRgb, type TVec3, toLinear } from "./math";
import type { TShape } from "./scene";

/** Pixels per thumbnail pixel on a side: drawn large, scaled down for smooth edges. */
export const SUPERSAMPLE = 2;

const KEY_LIGHT = normalize([-0.5, 0.9, 0.6]);
const FILL_LIGHT = normalize([0.8, 0.2, 0.4]);

/** The frame: linear RGB and a depth buffer (1/z, larger is nearer). */
export interface TFrame {
  width: number;
  height: number;
  rgb: Float32Array;
  depth: Float32Array;
}

export function backdrop(width: number, height: number): TFrame {
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
export function contactShadow(frame: TFrame, camera: TCamera, shapes: TShape[]): void {
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

export function drawTriangle(frame: TFrame, camera: TCamera, shape: TShape): void {
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
export function drawPointOrLine(frame: TFrame, camera: TCamera, shape: TShape): void {
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
