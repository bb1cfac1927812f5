/** Pure camera-view math: framing a bounding sphere and interpolating between two views. */
import type { TCameraView, TVec3 } from "@vitrine/contract";
import { Spherical, Vector3 } from "three";

/** The view that frames a sphere: seen from the front-right, slightly above, with some margin. */
export function frameView(center: TVec3, radius: number, fov: number, aspect = 1): TCameraView {
  const vHalf = (fov * Math.PI) / 360;
  const hHalf = Math.atan(Math.tan(vHalf) * Math.max(aspect, 0.01));
  const half = Math.min(vHalf, hHalf);
  const distance = (Math.max(radius, 1e-6) / Math.sin(half)) * 1.08;
  const offset = new Vector3().setFromSphericalCoords(distance, (70 * Math.PI) / 180, (25 * Math.PI) / 180);
  return {
    position: [center[0] + offset.x, center[1] + offset.y, center[2] + offset.z],
    target: [...center],
    fov,
  };
}

/** Smooth start and stop for camera flights. */
export function easeInOutCubic(t: number): number {
  const c = Math.min(Math.max(t, 0), 1);
  return c < 0.5 ? 4 * c * c * c : 1 - (-2 * c + 2) ** 3 / 2;
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

function lerp3(a: TVec3, b: TVec3, t: number): TVec3 {
  return [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];
}

/**
 * The view a fraction `t` of the way from `a` to `b`. The camera orbits around the moving target
 * (distance and angles interpolated) rather than cutting straight through the model.
 */
export function interpolateCameraView(a: TCameraView, b: TCameraView, t: number): TCameraView {
  const target = lerp3(a.target, b.target, t);
  const sa = new Spherical().setFromVector3(
    new Vector3(a.position[0] - a.target[0], a.position[1] - a.target[1], a.position[2] - a.target[2]),
  );
  const sb = new Spherical().setFromVector3(
    new Vector3(b.position[0] - b.target[0], b.position[1] - b.target[1], b.position[2] - b.target[2]),
  );
  let dTheta = sb.theta - sa.theta;
  // Turn the short way round.
  if (dTheta > Math.PI) dTheta -= 2 * Math.PI;
  if (dTheta < -Math.PI) dTheta += 2 * Math.PI;
  const s = new Spherical(lerp(sa.radius, sb.radius, t), lerp(sa.phi, sb.phi, t), sa.theta + dTheta * t);
  const offset = new Vector3().setFromSpherical(s);
  return {
    position: [target[0] + offset.x, target[1] + offset.y, target[2] + offset.z],
    target,
    fov: lerp(a.fov, b.fov, t),
  };
}

/** A view looking at `point` from along `direction` (normalised here) at `distance`. */
export function viewToward(point: TVec3, direction: TVec3, distance: number, fov: number): TCameraView {
  const d = new Vector3(...direction);
  if (d.lengthSq() === 0) d.set(0, 0, 1);
  d.normalize().multiplyScalar(distance);
  return { position: [point[0] + d.x, point[1] + d.y, point[2] + d.z], target: [...point], fov };
}

/**
 * The part of the view not covered by the host's controls, in normalised device coordinates
 * (x from -1 at the left to 1 at the right, y from -1 at the bottom to 1 at the top).
 */
export interface TFreeArea {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The whole view. */
export const WHOLE_VIEW: TFreeArea = { x0: -1, x1: 1, y0: -1, y1: 1 };

/** Pixels covered at each edge of a view. */
export interface TViewInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The free area of a `width`×`height` view once `insets` are taken off. An area too small to show
 * anything (under a fifth of a side) falls back to the whole view: a model drawn behind the
 * controls beats a model drawn in a sliver.
 */
export function freeArea(insets: TViewInsets, width: number, height: number): TFreeArea {
  if (width <= 0 || height <= 0) return WHOLE_VIEW;
  const left = Math.max(0, insets.left);
  const right = Math.max(0, insets.right);
  const top = Math.max(0, insets.top);
  const bottom = Math.max(0, insets.bottom);
  const w = width - left - right;
  const h = height - top - bottom;
  if (w < width / 5 || h < height / 5) return WHOLE_VIEW;
  return {
    x0: (left / width) * 2 - 1,
    x1: 1 - (right / width) * 2,
    y0: (bottom / height) * 2 - 1,
    y1: 1 - (top / height) * 2,
  };
}

/** Most a note's view may look up or down (degrees from the horizon). */
const MAX_ELEVATION = 60;

/**
 * A view of a whole sphere from `direction` (target toward camera), as near as it can be while
 * the sphere still fits in `area` of the view, with a margin; the sphere sits in the middle of the
 * area, so what covers the rest of the view (a toolbar, a note's card) hides none of it.
 * Looking straight down or up is turned toward the horizon (the orbit controls keep Y up).
 */
export function frameSphere(
  center: TVec3,
  radius: number,
  direction: TVec3,
  fov: number,
  aspect: number,
  area: TFreeArea = WHOLE_VIEW,
): TCameraView {
  const back = new Vector3(...direction);
  if (back.lengthSq() === 0) back.set(0, 0, 1);
  back.normalize();
  const maxSin = Math.sin((MAX_ELEVATION * Math.PI) / 180);
  if (Math.abs(back.y) > maxSin) {
    const flat = new Vector3(back.x, 0, back.z);
    if (flat.lengthSq() < 1e-8) flat.set(0, 0, 1);
    flat.normalize().multiplyScalar(Math.sqrt(1 - maxSin * maxSin));
    back.set(flat.x, Math.sign(back.y) * maxSin, flat.z);
  }
  const tanV = Math.tan((fov * Math.PI) / 360);
  const tanH = tanV * Math.max(aspect, 0.01);
  // Angles of the area's edges from the view axis, and of the direction the sphere is put in.
  const [left, right] = [Math.atan(area.x0 * tanH), Math.atan(area.x1 * tanH)];
  const [bottom, top] = [Math.atan(area.y0 * tanV), Math.atan(area.y1 * tanV)];
  const aimX = (left + right) / 2;
  const aimY = (bottom + top) / 2;
  // Half the angle the sphere may fill, and the distance at which it fills that much.
  const half = Math.max(Math.min(right - aimX, top - aimY), 1e-3);
  const reach = (Math.max(radius, 1e-6) / Math.sin(half)) * 1.08;
  const shiftX = Math.tan(aimX);
  const shiftY = Math.tan(aimY);
  const depth = reach / Math.sqrt(1 + shiftX * shiftX + shiftY * shiftY);
  // Camera axes: right and up of a camera looking along -back with Y up.
  const right3 = new Vector3(0, 1, 0).cross(back).normalize();
  const up3 = new Vector3().crossVectors(back, right3).normalize();
  const c = new Vector3(...center);
  const target = c
    .clone()
    .addScaledVector(right3, -shiftX * depth)
    .addScaledVector(up3, -shiftY * depth);
  const position = target.clone().addScaledVector(back, depth);
  return {
    position: [position.x, position.y, position.z],
    target: [target.x, target.y, target.z],
    fov,
  };
}

/** The smallest sphere holding a sphere and a point (the point is usually inside already). */
export function sphereWithPoint(
  center: TVec3,
  radius: number,
  point: TVec3,
): { center: TVec3; radius: number } {
  const c = new Vector3(...center);
  const p = new Vector3(...point);
  const gap = p.distanceTo(c);
  if (gap <= radius) return { center, radius };
  const grown = (gap + radius) / 2;
  const moved = c.addScaledVector(p.sub(c).normalize(), grown - radius);
  return { center: [moved.x, moved.y, moved.z], radius: grown };
}
