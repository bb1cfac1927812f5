/** The rasteriser's camera: the model seen from the front-right and a little above, framed to fit. */
import { cross, dot, normalize, sub, type TVec3 } from "./math";
import type { TShape } from "./scene";

const FOV = (30 * Math.PI) / 180;

/** The camera: world → view (x right, y up, z depth) and view → screen pixels. */
export interface TCamera {
  eye: TVec3;
  right: TVec3;
  up: TVec3;
  forward: TVec3;
  scale: number;
  offsetX: number;
  offsetY: number;
}

export function cameraFor(shapes: TShape[], width: number, height: number): TCamera | null {
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
export function project(camera: TCamera, p: TVec3): [number, number, number] {
  const d = sub(p, camera.eye);
  const z = Math.max(dot(d, camera.forward), 1e-6);
  const x = dot(d, camera.right) / z;
  const y = -dot(d, camera.up) / z;
  return [x * camera.scale + camera.offsetX, y * camera.scale + camera.offsetY, z];
}
