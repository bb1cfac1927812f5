/**
 * How the visitor moves (pure math): walking with keys or the joystick, staying out of booths and
 * inside the walls, glides along paths that keep to the walkways, and the joystick's vector.
 */
import {
  aisleX,
  BODY_RADIUS,
  forwardOf,
  hallBounds,
  inRect,
  islands,
  LOBBY,
  rowsZ,
  type TRect,
  WALKWAY,
} from "./layout";
import type { THallLayout } from "./types";

export const WALK_SPEED = 4; // m/s
export const TURN_SPEED = 1.9; // rad/s
export const LOOK_PER_PIXEL = 0.005; // rad per dragged pixel
export const MAX_PITCH = 0.6;

export interface TPose {
  x: number;
  z: number;
  yaw: number;
  pitch: number;
}

/** What the keys and the joystick ask for, each in −1…1. */
export interface TIntent {
  forward: number;
  strafe: number;
  turn: number;
}

const WALK_KEYS: Record<string, Partial<TIntent>> = {
  KeyW: { forward: 1 },
  ArrowUp: { forward: 1 },
  KeyS: { forward: -1 },
  ArrowDown: { forward: -1 },
  KeyA: { strafe: -1 },
  KeyD: { strafe: 1 },
  ArrowLeft: { turn: 1 },
  ArrowRight: { turn: -1 },
  KeyQ: { turn: 1 },
  KeyE: { turn: -1 },
};

/** True for the keys that walk or turn. */
export function isWalkKey(code: string): boolean {
  return code in WALK_KEYS;
}

/** The intent of the keys held down (opposite keys cancel). */
export function intentFromKeys(held: Iterable<string>): TIntent {
  const out: TIntent = { forward: 0, strafe: 0, turn: 0 };
  for (const code of held) {
    const k = WALK_KEYS[code];
    if (!k) continue;
    out.forward += k.forward ?? 0;
    out.strafe += k.strafe ?? 0;
    out.turn += k.turn ?? 0;
  }
  const clamp = (v: number) => Math.max(-1, Math.min(1, v));
  return { forward: clamp(out.forward), strafe: clamp(out.strafe), turn: clamp(out.turn) };
}

export function isIdle(intent: TIntent): boolean {
  return intent.forward === 0 && intent.strafe === 0 && intent.turn === 0;
}

/**
 * The joystick's vector for a thumb at (dx, dy) pixels from its centre, `radius` pixels at full
 * tilt: up walks forward, sideways turns; a small dead zone keeps a resting thumb still.
 */
export function joystickIntent(dx: number, dy: number, radius: number, deadZone = 0.12): TIntent {
  let x = dx / radius;
  let y = dy / radius;
  const len = Math.hypot(x, y);
  if (len > 1) {
    x /= len;
    y /= len;
  }
  const dead = (v: number) => (Math.abs(v) < deadZone ? 0 : (v - Math.sign(v) * deadZone) / (1 - deadZone));
  return { forward: dead(-y), strafe: 0, turn: dead(-x) };
}

/** Moves the pose by `dt` seconds of `intent`, then keeps it out of booths and inside the walls. */
export function walk(pose: TPose, intent: TIntent, dt: number, obstacles: TRect[], bounds: TRect): TPose {
  const yaw = pose.yaw + intent.turn * TURN_SPEED * dt;
  const f = forwardOf(yaw);
  // Right of the view: forward turned a quarter clockwise.
  const r = { x: -f.z, z: f.x };
  const step = WALK_SPEED * dt;
  const x = pose.x + (f.x * intent.forward + r.x * intent.strafe) * step;
  const z = pose.z + (f.z * intent.forward + r.z * intent.strafe) * step;
  const kept = keepOut({ x, z }, obstacles, bounds);
  return { ...pose, yaw, x: kept.x, z: kept.z };
}

/** Pushes a point out of the obstacles (by the shortest way) and inside the walls, with the body radius. */
export function keepOut(
  p: { x: number; z: number },
  obstacles: TRect[],
  bounds: TRect,
): { x: number; z: number } {
  let { x, z } = p;
  for (const o of obstacles) {
    const minX = o.minX - BODY_RADIUS;
    const maxX = o.maxX + BODY_RADIUS;
    const minZ = o.minZ - BODY_RADIUS;
    const maxZ = o.maxZ + BODY_RADIUS;
    if (x <= minX || x >= maxX || z <= minZ || z >= maxZ) continue;
    const push = [
      { d: x - minX, x: minX, z },
      { d: maxX - x, x: maxX, z },
      { d: z - minZ, x, z: minZ },
      { d: maxZ - z, x, z: maxZ },
    ].sort((a, b) => a.d - b.d)[0];
    if (push) ({ x, z } = push);
  }
  x = Math.min(bounds.maxX - BODY_RADIUS, Math.max(bounds.minX + BODY_RADIUS, x));
  z = Math.min(bounds.maxZ - BODY_RADIUS, Math.max(bounds.minZ + BODY_RADIUS, z));
  return { x, z };
}

/** Looks by a drag of (dx, dy) pixels: right drags turn right, down drags look down. */
export function look(pose: TPose, dx: number, dy: number): TPose {
  const pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, pose.pitch - dy * LOOK_PER_PIXEL));
  return { ...pose, yaw: pose.yaw - dx * LOOK_PER_PIXEL, pitch };
}

/** True when the straight way from a to b crosses no obstacle (each grown by the body radius). */
export function clearWay(
  a: { x: number; z: number },
  b: { x: number; z: number },
  obstacles: TRect[],
): boolean {
  for (const o of obstacles) {
    if (
      segmentHitsRect(a, b, {
        minX: o.minX - BODY_RADIUS * 0.9,
        maxX: o.maxX + BODY_RADIUS * 0.9,
        minZ: o.minZ - BODY_RADIUS * 0.9,
        maxZ: o.maxZ + BODY_RADIUS * 0.9,
      })
    )
      return false;
  }
  return true;
}

/** Segment against rectangle (slab test). */
export function segmentHitsRect(a: { x: number; z: number }, b: { x: number; z: number }, r: TRect): boolean {
  let t0 = 0;
  let t1 = 1;
  const d = { x: b.x - a.x, z: b.z - a.z };
  for (const [p, dp, lo, hi] of [
    [a.x, d.x, r.minX, r.maxX],
    [a.z, d.z, r.minZ, r.maxZ],
  ] as const) {
    if (Math.abs(dp) < 1e-9) {
      if (p <= lo || p >= hi) return false;
      continue;
    }
    let ta = (lo - p) / dp;
    let tb = (hi - p) / dp;
    if (ta > tb) [ta, tb] = [tb, ta];
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
    if (t0 >= t1) return false;
  }
  return true;
}

/** The walkway (aisle index) whose x range holds x, or the nearest one. */
export function nearestAisle(layout: THallLayout, x: number): number {
  let best = 0;
  for (let a = 1; a < layout.aisles; a++) {
    if (Math.abs(aisleX(layout, a) - x) < Math.abs(aisleX(layout, best) - x)) best = a;
  }
  return best;
}

/**
 * The way from `from` to `to` along walkways: straight when nothing is in the way, else up the
 * walkway to the lobby or the far corridor (whichever is shorter), across, and down the target's
 * walkway. Returns the points after `from`.
 */
export function planPath(
  layout: THallLayout,
  from: { x: number; z: number },
  to: { x: number; z: number },
): { x: number; z: number }[] {
  const obstacles = islands(layout);
  if (clearWay(from, to, obstacles)) return [to];
  const { front, back } = rowsZ(layout);
  const bounds = hallBounds(layout);
  const lobbyZ = front + LOBBY / 2;
  const farZ = (back + bounds.minZ) / 2;
  const inWalk = (p: { x: number; z: number }) => {
    const a = nearestAisle(layout, p.x);
    return Math.abs(p.x - aisleX(layout, a)) <= WALKWAY / 2 ? aisleX(layout, a) : p.x;
  };
  const fx = inWalk(from);
  const tx = inWalk(to);
  const via = (cz: number) => [{ x: fx, z: cz }, { x: tx, z: cz }, to];
  const a = via(lobbyZ);
  const b = via(farZ);
  const best = pathLength(from, a) <= pathLength(from, b) ? a : b;
  // Drop points that add nothing (already on the corridor or the walkway).
  return best.filter((p, i) => {
    const prev = i === 0 ? from : best[i - 1];
    return !prev || Math.hypot(p.x - prev.x, p.z - prev.z) > 0.01 || i === best.length - 1;
  });
}

/** Smooth start and stop (0…1 → 0…1). */
export function ease(t: number): number {
  const c = Math.max(0, Math.min(1, t));
  return c < 0.5 ? 2 * c * c : 1 - (-2 * c + 2) ** 2 / 2;
}

/** The shorter way round from yaw a to yaw b. */
export function yawDelta(a: number, b: number): number {
  let d = (b - a) % (Math.PI * 2);
  if (d > Math.PI) d -= Math.PI * 2;
  if (d < -Math.PI) d += Math.PI * 2;
  return d;
}

/** Seconds a glide of `metres` takes. */
export function glideSeconds(metres: number): number {
  return Math.max(0.6, Math.min(3, metres / 7));
}

/** True when the point is on walkable floor (inside the walls, outside every island). */
export function walkable(layout: THallLayout, x: number, z: number): boolean {
  const b = hallBounds(layout);
  if (!inRect(b, x, z)) return false;
  return !islands(layout).some((r) => inRect(r, x, z));
}

/** Total length of the way from `from` through `path`. */
export function pathLength(from: { x: number; z: number }, path: { x: number; z: number }[]): number {
  let sum = 0;
  let prev = from;
  for (const p of path) {
    sum += Math.hypot(p.x - prev.x, p.z - prev.z);
    prev = p;
  }
  return sum;
}

/** The point at fraction `t` (0…1) of the way's length. */
export function pointAlong(
  from: { x: number; z: number },
  path: { x: number; z: number }[],
  t: number,
): { x: number; z: number } {
  const total = pathLength(from, path);
  let left = Math.max(0, Math.min(1, t)) * total;
  let prev = from;
  for (const p of path) {
    const leg = Math.hypot(p.x - prev.x, p.z - prev.z);
    if (left <= leg && leg > 0) {
      const k = left / leg;
      return { x: prev.x + (p.x - prev.x) * k, z: prev.z + (p.z - prev.z) * k };
    }
    left -= leg;
    prev = p;
  }
  return { ...prev };
}
