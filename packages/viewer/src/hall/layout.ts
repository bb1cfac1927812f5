/**
 * The hall's floor plan in metres (pure math, no three.js): aisles run from the entrance (z = 0)
 * towards −z; aisle `a`'s walkway is centred on x = aisleX(a) and lined with booths on both
 * sides, back to back with the next aisle's. A lobby at the entrance and a corridor at the far
 * end join the aisles. Y is up; the visitor's eyes are at EYE_HEIGHT.
 */
import type { THallLayout } from "./types";

export const BOOTH_WIDTH = 4;
export const BOOTH_DEPTH = 3;
export const WALKWAY = 5;
export const AISLE_PITCH = WALKWAY + 2 * BOOTH_DEPTH;
export const LOBBY = 7;
export const BACK_CORRIDOR = 4;
export const EYE_HEIGHT = 1.6;
/** How far a visitor keeps from walls and booths. */
export const BODY_RADIUS = 0.35;

/** An axis-aligned rectangle on the floor (x, z). */
export interface TRect {
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
}

/** Where a slot's booth stands. */
export interface TSlotPose {
  /** Centre of the booth's footprint. */
  x: number;
  z: number;
  /** +1 when the booth opens towards +x (left side of its aisle), −1 towards −x. */
  facing: 1 | -1;
  row: number;
  footprint: TRect;
}

/** Clamps the layout to what the hall can draw (at least 1×1, at most 16 aisles × 40 slots). */
export function normaliseLayout(layout: THallLayout): THallLayout {
  const clampInt = (v: number, lo: number, hi: number) =>
    Math.min(hi, Math.max(lo, Math.floor(Number.isFinite(v) ? v : lo)));
  return { aisles: clampInt(layout.aisles, 1, 16), slotsPerAisle: clampInt(layout.slotsPerAisle, 1, 40) };
}

export function rowsPerAisle(layout: THallLayout): number {
  return Math.ceil(layout.slotsPerAisle / 2);
}

/** Centre line (x) of aisle `a`'s walkway; the aisles are centred on x = 0. */
export function aisleX(layout: THallLayout, aisle: number): number {
  return (aisle - (layout.aisles - 1) / 2) * AISLE_PITCH;
}

/** The z range of the booth rows. */
export function rowsZ(layout: THallLayout): { front: number; back: number } {
  return { front: -LOBBY, back: -LOBBY - rowsPerAisle(layout) * BOOTH_WIDTH };
}

/** The hall's inside walls. */
export function hallBounds(layout: THallLayout): TRect {
  const half = aisleX(layout, layout.aisles - 1) + WALKWAY / 2 + BOOTH_DEPTH;
  return { minX: -half, maxX: half, minZ: rowsZ(layout).back - BACK_CORRIDOR, maxZ: 0 };
}

/**
 * Slot `slot` of aisle `aisle`: even slots on the aisle's left (opening towards +x), odd on its
 * right, rows of two from the entrance.
 */
export function slotPose(layout: THallLayout, aisle: number, slot: number): TSlotPose {
  const row = Math.floor(slot / 2);
  const left = slot % 2 === 0;
  const facing: 1 | -1 = left ? 1 : -1;
  const x = aisleX(layout, aisle) - facing * (WALKWAY / 2 + BOOTH_DEPTH / 2);
  const z = -LOBBY - row * BOOTH_WIDTH - BOOTH_WIDTH / 2;
  return {
    x,
    z,
    facing,
    row,
    footprint: {
      minX: x - BOOTH_DEPTH / 2,
      maxX: x + BOOTH_DEPTH / 2,
      minZ: z - BOOTH_WIDTH / 2,
      maxZ: z + BOOTH_WIDTH / 2,
    },
  };
}

/** True when the slot exists in the layout. */
export function slotExists(layout: THallLayout, aisle: number, slot: number): boolean {
  return (
    Number.isInteger(aisle) &&
    Number.isInteger(slot) &&
    aisle >= 0 &&
    aisle < layout.aisles &&
    slot >= 0 &&
    slot < layout.slotsPerAisle
  );
}

/**
 * The blocks of booths between walkways (and against the side walls): what the visitor cannot
 * walk through. Free slots count too (they are platforms waiting for a booth).
 */
export function islands(layout: THallLayout): TRect[] {
  const { front, back } = rowsZ(layout);
  const bounds = hallBounds(layout);
  const out: TRect[] = [];
  for (let a = 0; a <= layout.aisles; a++) {
    const minX = a === 0 ? bounds.minX : aisleX(layout, a - 1) + WALKWAY / 2;
    const maxX = a === layout.aisles ? bounds.maxX : aisleX(layout, a) - WALKWAY / 2;
    out.push({ minX, maxX, minZ: back, maxZ: front });
  }
  return out;
}

/** Where a visitor stands to see a booth whole, and which way they look (yaw, radians). */
export function viewingSpot(pose: TSlotPose): { x: number; z: number; yaw: number } {
  const walkwayCentre = pose.x + pose.facing * (WALKWAY / 2 + BOOTH_DEPTH / 2);
  // Towards the far side of the walkway, so a phone's narrow view takes in the whole booth.
  const x = walkwayCentre + pose.facing * (WALKWAY / 2 - 0.6);
  return { x, z: pose.z, yaw: yawTowards(x, pose.z, pose.x, pose.z) };
}

/** Yaw of a camera at (x, z) looking at (tx, tz): 0 looks towards −z, positive turns left. */
export function yawTowards(x: number, z: number, tx: number, tz: number): number {
  return Math.atan2(-(tx - x), -(tz - z));
}

/** The floor direction a yaw looks along. */
export function forwardOf(yaw: number): { x: number; z: number } {
  return { x: -Math.sin(yaw), z: -Math.cos(yaw) };
}

/** Letters for aisles: A, B, … */
export function aisleLetter(aisle: number): string {
  return String.fromCharCode(65 + (aisle % 26));
}

/** Fits the hall into a `width` × `height` map (north = −z up) with `pad` pixels around. */
export interface TMapFit {
  scale: number;
  offsetX: number;
  offsetY: number;
  bounds: TRect;
}

export function mapFit(bounds: TRect, width: number, height: number, pad = 6): TMapFit {
  const w = bounds.maxX - bounds.minX;
  const h = bounds.maxZ - bounds.minZ;
  const scale = Math.min((width - 2 * pad) / w, (height - 2 * pad) / h);
  return {
    scale,
    offsetX: (width - w * scale) / 2,
    offsetY: (height - h * scale) / 2,
    bounds,
  };
}

/** Map size (px) for a hall, at most `max` on its long side, keeping the hall's proportions. */
export function mapSize(bounds: TRect, max: number, min = 72): { width: number; height: number } {
  const w = bounds.maxX - bounds.minX;
  const h = bounds.maxZ - bounds.minZ;
  if (w >= h) return { width: max, height: Math.max(min, Math.round((max * h) / w)) };
  return { width: Math.max(min, Math.round((max * w) / h)), height: max };
}

export function worldToMap(fit: TMapFit, x: number, z: number): { px: number; py: number } {
  return {
    px: fit.offsetX + (x - fit.bounds.minX) * fit.scale,
    // The entrance (z = maxZ) at the bottom, the far end at the top.
    py: fit.offsetY + (z - fit.bounds.minZ) * fit.scale,
  };
}

export function mapToWorld(fit: TMapFit, px: number, py: number): { x: number; z: number } {
  return {
    x: fit.bounds.minX + (px - fit.offsetX) / fit.scale,
    z: fit.bounds.minZ + (py - fit.offsetY) / fit.scale,
  };
}

export function inRect(r: TRect, x: number, z: number): boolean {
  return x >= r.minX && x <= r.maxX && z >= r.minZ && z <= r.maxZ;
}
