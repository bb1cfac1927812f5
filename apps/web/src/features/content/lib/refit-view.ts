/**
 * Keeping the model in frame when the view changes shape (a phone rotated, the panel sheet opened
 * under the model): the camera keeps its direction and target and only moves nearer or farther,
 * so what fitted the old frame fits the new one. Pure math over camera views.
 */
import type { TCameraView } from "@vitrine/contract";

/** Half of the narrower view angle (radians) of a camera with vertical `fov` (degrees) at `aspect`. */
export function narrowHalfAngle(fov: number, aspect: number): number {
  const vHalf = (fov * Math.PI) / 360;
  const hHalf = Math.atan(Math.tan(vHalf) * aspect);
  return Math.min(vHalf, hHalf);
}

/** Below this change of distance (a ratio) the view is left alone. */
const STILL = 0.01;

/**
 * The view that shows in a frame of `toAspect` what `view` showed in a frame of `fromAspect`:
 * the same target and direction, the distance scaled so the same sphere fills the narrower side.
 * Returns `view` itself when nothing needs to change.
 */
export function refitView(view: TCameraView, fromAspect: number, toAspect: number): TCameraView {
  if (!(fromAspect > 0 && toAspect > 0) || !Number.isFinite(fromAspect) || !Number.isFinite(toAspect)) {
    return view;
  }
  const factor =
    Math.sin(narrowHalfAngle(view.fov, fromAspect)) / Math.sin(narrowHalfAngle(view.fov, toAspect));
  if (Math.abs(factor - 1) < STILL) return view;
  const [tx, ty, tz] = view.target;
  const [px, py, pz] = view.position;
  return {
    ...view,
    position: [tx + (px - tx) * factor, ty + (py - ty) * factor, tz + (pz - tz) * factor],
  };
}
