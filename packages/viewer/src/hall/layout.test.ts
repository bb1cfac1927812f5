import { describe, expect, it } from "vitest";
import {
  AISLE_PITCH,
  BOOTH_DEPTH,
  BOOTH_WIDTH,
  forwardOf,
  hallBounds,
  inRect,
  islands,
  mapFit,
  mapSize,
  mapToWorld,
  normaliseLayout,
  slotPose,
  viewingSpot,
  WALKWAY,
  worldToMap,
  yawTowards,
} from "./layout";

const layout = { aisles: 3, slotsPerAisle: 20 };

describe("hall layout", () => {
  it("puts even slots on the aisle's left, odd on its right, two per row from the entrance", () => {
    const a = slotPose(layout, 1, 0);
    const b = slotPose(layout, 1, 1);
    const c = slotPose(layout, 1, 2);
    expect(a.facing).toBe(1);
    expect(b.facing).toBe(-1);
    // Both sides of the walkway, facing each other across it.
    expect(b.x - a.x).toBeCloseTo(WALKWAY + BOOTH_DEPTH);
    expect(a.z).toBe(b.z);
    // The next row is one booth further from the entrance.
    expect(c.z).toBeCloseTo(a.z - BOOTH_WIDTH);
    expect(a.footprint.maxX - a.footprint.minX).toBe(BOOTH_DEPTH);
  });

  it("never lets two slots overlap, and keeps every slot inside the walls and on an island", () => {
    const bounds = hallBounds(layout);
    const rects = [];
    for (let a = 0; a < layout.aisles; a++)
      for (let s = 0; s < layout.slotsPerAisle; s++) rects.push(slotPose(layout, a, s).footprint);
    for (const [i, r] of rects.entries()) {
      expect(r.minX).toBeGreaterThanOrEqual(bounds.minX - 1e-9);
      expect(r.maxX).toBeLessThanOrEqual(bounds.maxX + 1e-9);
      expect(r.minZ).toBeGreaterThan(bounds.minZ);
      const cx = (r.minX + r.maxX) / 2;
      const cz = (r.minZ + r.maxZ) / 2;
      expect(islands(layout).some((isl) => inRect(isl, cx, cz))).toBe(true);
      for (const other of rects.slice(i + 1)) {
        const overlap =
          Math.min(r.maxX, other.maxX) - Math.max(r.minX, other.minX) > 1e-6 &&
          Math.min(r.maxZ, other.maxZ) - Math.max(r.minZ, other.minZ) > 1e-6;
        expect(overlap).toBe(false);
      }
    }
  });

  it("centres the aisles and sizes the hall by aisles and rows", () => {
    const b = hallBounds(layout);
    expect(b.minX).toBeCloseTo(-b.maxX);
    expect(b.maxX - b.minX).toBeCloseTo(layout.aisles * AISLE_PITCH);
    const longer = hallBounds({ aisles: 3, slotsPerAisle: 30 });
    expect(b.minZ - longer.minZ).toBeCloseTo(5 * BOOTH_WIDTH);
  });

  it("clamps nonsense layouts", () => {
    expect(normaliseLayout({ aisles: 0, slotsPerAisle: -3 })).toEqual({ aisles: 1, slotsPerAisle: 1 });
    expect(normaliseLayout({ aisles: 99, slotsPerAisle: 2.7 })).toEqual({ aisles: 16, slotsPerAisle: 2 });
  });

  it("stands the visitor in the walkway, looking at the booth", () => {
    for (const slot of [0, 1]) {
      const pose = slotPose(layout, 0, slot);
      const spot = viewingSpot(pose);
      expect(islands(layout).some((isl) => inRect(isl, spot.x, spot.z))).toBe(false);
      const f = forwardOf(spot.yaw);
      expect(Math.sign(f.x)).toBe(Math.sign(pose.x - spot.x));
      expect(Math.abs(f.z)).toBeLessThan(1e-9);
    }
    // yaw 0 looks down the hall (−z).
    expect(yawTowards(0, 0, 0, -5)).toBeCloseTo(0);
    expect(forwardOf(0).z).toBeCloseTo(-1);
  });
});

describe("minimap mapping", () => {
  const bounds = hallBounds(layout);

  it("keeps the hall's proportions and fits its box", () => {
    const size = mapSize(bounds, 180);
    expect(Math.max(size.width, size.height)).toBe(180);
    const ratio = (bounds.maxX - bounds.minX) / (bounds.maxZ - bounds.minZ);
    expect(size.width / size.height).toBeCloseTo(ratio, 1);
  });

  it("maps the entrance to the bottom, the far end to the top, and back again", () => {
    const fit = mapFit(bounds, 120, 180);
    const entrance = worldToMap(fit, 0, bounds.maxZ);
    const far = worldToMap(fit, 0, bounds.minZ);
    expect(entrance.py).toBeGreaterThan(far.py);
    expect(entrance.px).toBeCloseTo(60);
    const corner = worldToMap(fit, bounds.minX, bounds.minZ);
    expect(corner.px).toBeGreaterThanOrEqual(0);
    expect(corner.py).toBeGreaterThanOrEqual(0);
    const back = mapToWorld(fit, 37, 91);
    const again = worldToMap(fit, back.x, back.z);
    expect(again.px).toBeCloseTo(37);
    expect(again.py).toBeCloseTo(91);
  });
});
