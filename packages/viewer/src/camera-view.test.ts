import type { TCameraView } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { easeInOutCubic, frameView, interpolateCameraView, viewToward } from "./camera-view";

const dist = (v: TCameraView) =>
  Math.hypot(v.position[0] - v.target[0], v.position[1] - v.target[1], v.position[2] - v.target[2]);

describe("framing", () => {
  it("looks at the model's centre from the front-right, slightly above, far enough to fit it", () => {
    const view = frameView([1, 2, 3], 2, 45, 1);
    expect(view.target).toEqual([1, 2, 3]);
    expect(view.position[0]).toBeGreaterThan(1);
    expect(view.position[1]).toBeGreaterThan(2);
    expect(view.position[2]).toBeGreaterThan(3);
    expect(dist(view)).toBeGreaterThan(2 / Math.sin(Math.PI / 8));
  });

  it("backs off further in a narrow (portrait) view", () => {
    expect(dist(frameView([0, 0, 0], 1, 45, 0.5))).toBeGreaterThan(dist(frameView([0, 0, 0], 1, 45, 1.5)));
  });
});

describe("camera flight", () => {
  const a: TCameraView = { position: [0, 0, 10], target: [0, 0, 0], fov: 40 };
  const b: TCameraView = { position: [10, 0, 0], target: [0, 2, 0], fov: 60 };

  it("starts at the first view and ends at the second", () => {
    const start = interpolateCameraView(a, b, 0);
    const end = interpolateCameraView(a, b, 1);
    start.position.forEach((n, i) => {
      expect(n).toBeCloseTo(a.position[i] as number, 9);
    });
    end.position.forEach((n, i) => {
      expect(n).toBeCloseTo(b.position[i] as number, 9);
    });
    end.target.forEach((n, i) => {
      expect(n).toBeCloseTo(b.target[i] as number, 9);
    });
    expect(end.fov).toBeCloseTo(60, 9);
  });

  it("orbits around the model halfway instead of cutting through it", () => {
    const mid = interpolateCameraView(a, b, 0.5);
    expect(dist(mid)).toBeCloseTo((10 + Math.hypot(10, 2)) / 2, 6);
    expect(mid.fov).toBeCloseTo(50, 9);
    // Straight-line interpolation would pass at ~7.1 from the centre; the orbit keeps the distance.
    expect(Math.hypot(mid.position[0], mid.position[2])).toBeGreaterThan(9);
  });

  it("turns the short way round across the back", () => {
    const from: TCameraView = { position: [-1, 0, -10], target: [0, 0, 0], fov: 45 };
    const to: TCameraView = { position: [1, 0, -10], target: [0, 0, 0], fov: 45 };
    const mid = interpolateCameraView(from, to, 0.5);
    expect(mid.position[2]).toBeLessThan(-9.9);
  });

  it("eases in and out", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5, 9);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
  });

  it("looks at a marker from along its normal", () => {
    const view = viewToward([1, 1, 1], [0, 0, 2], 3, 45);
    expect(view.position).toEqual([1, 1, 4]);
    expect(view.target).toEqual([1, 1, 1]);
  });
});
