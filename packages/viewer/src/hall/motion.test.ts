import { describe, expect, it } from "vitest";
import { forwardOf, hallBounds, inRect, islands, slotPose, viewingSpot } from "./layout";
import {
  clearWay,
  intentFromKeys,
  joystickIntent,
  keepOut,
  look,
  MAX_PITCH,
  planPath,
  pointAlong,
  WALK_SPEED,
  walk,
  walkable,
  yawDelta,
} from "./motion";

const layout = { aisles: 3, slotsPerAisle: 20 };
const obstacles = islands(layout);
const bounds = hallBounds(layout);

describe("walking", () => {
  it("reads arrows and WASD; opposite keys cancel", () => {
    expect(intentFromKeys(["KeyW"])).toEqual({ forward: 1, strafe: 0, turn: 0 });
    expect(intentFromKeys(["ArrowUp", "KeyS"]).forward).toBe(0);
    expect(intentFromKeys(["ArrowLeft"]).turn).toBe(1);
    expect(intentFromKeys(["KeyD", "ArrowDown"])).toEqual({ forward: -1, strafe: 1, turn: 0 });
    expect(intentFromKeys(["KeyX", "Enter"])).toEqual({ forward: 0, strafe: 0, turn: 0 });
  });

  it("walks forward at walking speed along the view", () => {
    const start = { x: 0, z: -2, yaw: 0, pitch: 0 };
    const next = walk(start, { forward: 1, strafe: 0, turn: 0 }, 0.5, obstacles, bounds);
    expect(next.z).toBeCloseTo(-2 - WALK_SPEED * 0.5);
    expect(next.x).toBeCloseTo(0);
    const right = walk(start, { forward: 0, strafe: 1, turn: 0 }, 0.25, obstacles, bounds);
    expect(right.x).toBeCloseTo(1);
  });

  it("stops at booths and walls instead of passing through", () => {
    // Middle aisle's walkway, walking sideways into the booths on its left.
    const inWalk = { x: 0, z: -20, yaw: Math.PI / 2, pitch: 0 };
    let p = inWalk;
    for (let i = 0; i < 50; i++) p = walk(p, { forward: 1, strafe: 0, turn: 0 }, 0.1, obstacles, bounds);
    expect(obstacles.some((r) => inRect(r, p.x, p.z))).toBe(false);
    expect(p.x).toBeGreaterThan(-2.5);
    // Backwards out of the entrance: held by the wall.
    let q = { x: 0, z: -2, yaw: 0, pitch: 0 };
    for (let i = 0; i < 30; i++) q = walk(q, { forward: -1, strafe: 0, turn: 0 }, 0.1, obstacles, bounds);
    expect(q.z).toBeLessThan(0);
    expect(keepOut({ x: 999, z: 999 }, obstacles, bounds).x).toBeLessThan(bounds.maxX);
  });

  it("looks with drags, never past straight up or down", () => {
    const p = look({ x: 0, z: 0, yaw: 0, pitch: 0 }, 100, 0);
    expect(p.yaw).toBeLessThan(0);
    expect(look(p, 0, -10_000).pitch).toBe(MAX_PITCH);
  });

  it("gives the joystick a dead zone and a full tilt", () => {
    expect(joystickIntent(2, -3, 50)).toEqual({ forward: 0, strafe: 0, turn: 0 });
    const up = joystickIntent(0, -80, 50);
    expect(up.forward).toBeCloseTo(1);
    expect(joystickIntent(-50, 0, 50).turn).toBeCloseTo(1);
    expect(joystickIntent(0, 50, 50).forward).toBeCloseTo(-1);
  });

  it("turns the short way round", () => {
    expect(yawDelta(3, -3)).toBeCloseTo(2 * Math.PI - 6);
    expect(yawDelta(0, 1)).toBeCloseTo(1);
  });
});

describe("glides", () => {
  it("goes straight down one walkway", () => {
    const from = { x: 0, z: -3 };
    const to = viewingSpot(slotPose(layout, 1, 10));
    expect(planPath(layout, from, to)).toEqual([to]);
  });

  it("goes round the booths to another aisle, never through them", () => {
    const from = viewingSpot(slotPose(layout, 0, 8));
    const to = viewingSpot(slotPose(layout, 2, 9));
    const path = planPath(layout, from, to);
    expect(path.length).toBeGreaterThan(1);
    let prev: { x: number; z: number } = from;
    for (const p of path) {
      expect(clearWay(prev, p, obstacles)).toBe(true);
      prev = p;
    }
    expect(path.at(-1)?.x).toBe(to.x);
    expect(path.at(-1)?.z).toBe(to.z);
    // Halfway along, still on the floor.
    const mid = pointAlong(from, path, 0.5);
    expect(walkable(layout, mid.x, mid.z)).toBe(true);
  });

  it("reaches the end of its way", () => {
    const from = { x: 0, z: 0 };
    const path = [
      { x: 0, z: -4 },
      { x: 3, z: -4 },
    ];
    expect(pointAlong(from, path, 1)).toEqual({ x: 3, z: -4 });
    expect(pointAlong(from, path, 0.5)).toEqual({ x: 0, z: -3.5 });
    expect(forwardOf(0).z).toBe(-1);
  });
});
