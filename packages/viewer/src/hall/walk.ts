/**
 * The visitor's next pose, frame by frame: walking by the held keys and the joystick together,
 * or gliding along a planned way to a spot (a booth or floor point clicked, the minimap, `flyTo`).
 */
import { type TRect, yawTowards } from "./layout";
import {
  ease,
  glideSeconds,
  intentFromKeys,
  isIdle,
  keepOut,
  pathLength,
  planPath,
  pointAlong,
  type TIntent,
  type TPose,
  walk,
  yawDelta,
} from "./motion";
import type { THallLayout } from "./types";

/** A glide under way: along `path` from `from`, turning from `yaw0` to `yaw1`, levelling the gaze. */
export interface TGlide {
  from: { x: number; z: number };
  path: { x: number; z: number }[];
  yaw0: number;
  yaw1: number;
  pitch0: number;
  start: number;
  seconds: number;
}

/** A glide from where the visitor stands to `target` (pushed clear of the booths), ending at `yaw`. */
export function planGlide(
  layout: THallLayout,
  obstacles: TRect[],
  bounds: TRect,
  pose: TPose,
  target: { x: number; z: number },
  yaw: number,
): TGlide {
  const to = keepOut(target, obstacles, bounds);
  const from = { x: pose.x, z: pose.z };
  const path = planPath(layout, from, to);
  return {
    from,
    path,
    yaw0: pose.yaw,
    yaw1: yaw,
    pitch0: pose.pitch,
    start: performance.now(),
    seconds: glideSeconds(pathLength(from, path)),
  };
}

/** Where the glide has the visitor at `t` (0…1 of its time), eased at both ends. */
export function glidePose(glide: TGlide, t: number): TPose {
  const k = ease(t);
  const p = pointAlong(glide.from, glide.path, k);
  return {
    x: p.x,
    z: p.z,
    yaw: glide.yaw0 + yawDelta(glide.yaw0, glide.yaw1) * k,
    pitch: glide.pitch0 * (1 - k),
  };
}

/** The pose after `dt` seconds of walking by the held keys and the joystick (each capped at full). */
export function walkPose(
  pose: TPose,
  held: Set<string>,
  stick: TIntent,
  dt: number,
  obstacles: TRect[],
  bounds: TRect,
): TPose {
  const keys = intentFromKeys(held);
  const intent: TIntent = {
    forward: Math.max(-1, Math.min(1, keys.forward + stick.forward)),
    strafe: Math.max(-1, Math.min(1, keys.strafe + stick.strafe)),
    turn: Math.max(-1, Math.min(1, keys.turn + stick.turn)),
  };
  return isIdle(intent) ? pose : walk(pose, intent, dt, obstacles, bounds);
}

/** The yaw a glide to a floor point ends at: towards it, unless it is at the visitor's feet. */
export function yawTo(pose: TPose, x: number, z: number): number {
  return Math.hypot(x - pose.x, z - pose.z) > 1 ? yawTowards(pose.x, pose.z, x, z) : pose.yaw;
}
