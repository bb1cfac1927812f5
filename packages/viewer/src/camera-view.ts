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
