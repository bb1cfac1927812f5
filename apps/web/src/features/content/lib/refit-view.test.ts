import type { TCameraView } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { narrowHalfAngle, refitView } from "./refit-view";

const view: TCameraView = { position: [0, 0, 10], target: [0, 0, 0], fov: 45 };

/** The radius of the largest sphere around the target the view shows whole. */
function fittingRadius(v: TCameraView, aspect: number): number {
  const d = Math.hypot(...v.position.map((p, i) => p - (v.target[i] ?? 0)));
  return d * Math.sin(narrowHalfAngle(v.fov, aspect));
}

describe("refit view", () => {
  it("moves nearer when a tall phone frame becomes a short wide one (the sheet opened)", () => {
    const next = refitView(view, 326 / 640, 326 / 230);
    expect(next.position[2]).toBeLessThan(10);
    expect(fittingRadius(next, 326 / 230)).toBeCloseTo(fittingRadius(view, 326 / 640), 6);
  });

  it("moves back out when the frame turns tall again, to where it was", () => {
    const there = refitView(view, 326 / 640, 326 / 230);
    const back = refitView(there, 326 / 230, 326 / 640);
    expect(back.position[2]).toBeCloseTo(10, 6);
  });

  it("keeps the target, the angle of view and the direction", () => {
    const tilted: TCameraView = { position: [3, 4, 5], target: [1, 1, 1], fov: 40 };
    const next = refitView(tilted, 16 / 9, 9 / 16);
    expect(next.target).toEqual(tilted.target);
    expect(next.fov).toBe(40);
    const dir = (v: TCameraView) => {
      const d = v.position.map((p, i) => p - (v.target[i] ?? 0));
      const len = Math.hypot(...d);
      return d.map((x) => x / len);
    };
    dir(next).forEach((x, i) => {
      expect(x).toBeCloseTo(dir(tilted)[i] ?? 0, 6);
    });
  });

  it("leaves the view alone between two wide frames (the height decides) and for empty frames", () => {
    expect(refitView(view, 16 / 9, 2)).toBe(view);
    expect(refitView(view, 0, 1)).toBe(view);
    expect(refitView(view, 1, Number.NaN)).toBe(view);
  });
});
