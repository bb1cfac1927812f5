/** Pure screen-space helpers for annotation markers. */
import type { TVec3 } from "@vitrine/contract";
import { type Camera, Vector3 } from "three";

/** Where a world point lands on a view of the given CSS size. */
export interface TScreenPoint {
  x: number;
  y: number;
  /** True when the point is inside the view frustum (in front of the camera, within the edges). */
  isInView: boolean;
}

const scratch = new Vector3();

/** Projects a world point to CSS pixels of a `width`×`height` view (origin top-left). */
export function projectToScreen(point: TVec3, camera: Camera, width: number, height: number): TScreenPoint {
  scratch.set(point[0], point[1], point[2]).project(camera);
  const isInView = scratch.z > -1 && scratch.z < 1 && Math.abs(scratch.x) <= 1 && Math.abs(scratch.y) <= 1;
  return { x: ((scratch.x + 1) / 2) * width, y: ((1 - scratch.y) / 2) * height, isInView };
}

/** True when a surface with this normal at `point` faces a camera at `cameraPosition` (no normal: true). */
export function isFacingCamera(point: TVec3, normal: TVec3 | null, cameraPosition: TVec3): boolean {
  if (!normal) return true;
  const dx = cameraPosition[0] - point[0];
  const dy = cameraPosition[1] - point[1];
  const dz = cameraPosition[2] - point[2];
  return normal[0] * dx + normal[1] * dy + normal[2] * dz > 0;
}
