import type { TCameraView, TVec3 } from "@vitrine/contract";
import { PerspectiveCamera, Vector3 } from "three";
import { describe, expect, it } from "vitest";
import { frameSphere, freeArea, sphereWithPoint, type TFreeArea, WHOLE_VIEW } from "./camera-view";

/** Where points of a sphere land in device coordinates seen from `view` (a sample all round). */
function projected(view: TCameraView, aspect: number, center: TVec3, radius: number): Vector3[] {
  const camera = new PerspectiveCamera(view.fov, aspect, 0.001, 1000);
  camera.position.set(...view.position);
  camera.lookAt(...view.target);
  camera.updateMatrixWorld(true);
  const points: Vector3[] = [];
  for (let i = 0; i < 24; i++) {
    for (let j = 0; j <= 12; j++) {
      const p = new Vector3().setFromSphericalCoords(radius, (j / 12) * Math.PI, (i / 24) * 2 * Math.PI);
      points.push(p.add(new Vector3(...center)).project(camera));
    }
  }
  return points;
}

const inside = (p: Vector3, a: TFreeArea) => p.x >= a.x0 && p.x <= a.x1 && p.y >= a.y0 && p.y <= a.y1;

/** Screens a note is read on: a phone (card over the lower part), a 388×218 embed (card at the right), desktop. */
const SCREENS: { name: string; width: number; height: number; insets: [number, number, number, number] }[] = [
  { name: "phone 390×844, card over the lower 45%", width: 390, height: 844, insets: [0, 0, 436, 0] },
  { name: "embed 388×218, card at the right, bar below", width: 388, height: 218, insets: [30, 190, 44, 0] },
  { name: "desktop 1280×800, card at the top right", width: 1280, height: 800, insets: [0, 364, 60, 0] },
];

describe("a note's view", () => {
  const center: TVec3 = [0.2, 1, -0.3];
  const radius = 2.4;
  for (const screen of SCREENS) {
    it(`keeps the whole model in the free part of the view: ${screen.name}`, () => {
      const [top, right, bottom, left] = screen.insets;
      const area = freeArea({ top, right, bottom, left }, screen.width, screen.height);
      const aspect = screen.width / screen.height;
      for (const direction of [
        [0, 0, 1],
        [1, 0.2, 0],
        [-0.3, 0.4, -1],
        [0, -1, 0.2],
      ] as TVec3[]) {
        const view = frameSphere(center, radius, direction, 45, aspect, area);
        const points = projected(view, aspect, center, radius);
        for (const p of points) expect(inside(p, area), `${p.x.toFixed(2)}, ${p.y.toFixed(2)}`).toBe(true);
        // Not lost in the distance either: the model spans most of the free area one way.
        const spanX = Math.max(...points.map((p) => p.x)) - Math.min(...points.map((p) => p.x));
        const spanY = Math.max(...points.map((p) => p.y)) - Math.min(...points.map((p) => p.y));
        expect(Math.max(spanX / (area.x1 - area.x0), spanY / (area.y1 - area.y0))).toBeGreaterThan(0.75);
      }
    });
  }

  it("looks along the given direction, turned toward the horizon when it is steep", () => {
    const along = frameSphere([0, 0, 0], 1, [1, 0, 0], 45, 1);
    const d = new Vector3(...along.position).sub(new Vector3(...along.target)).normalize();
    expect(d.x).toBeCloseTo(1, 6);
    const above = frameSphere([0, 0, 0], 1, [0, 1, 0], 45, 1);
    const up = new Vector3(...above.position).sub(new Vector3(...above.target)).normalize();
    expect(up.y).toBeCloseTo(Math.sin(Math.PI / 3), 6);
  });

  it("frames the whole view when nothing covers it, and ignores covers that leave a sliver", () => {
    expect(freeArea({ top: 0, right: 0, bottom: 0, left: 0 }, 400, 300)).toEqual(WHOLE_VIEW);
    expect(freeArea({ top: 0, right: 350, bottom: 0, left: 0 }, 400, 300)).toEqual(WHOLE_VIEW);
    expect(freeArea({ top: 0, right: 200, bottom: 75, left: 0 }, 400, 300)).toEqual({
      x0: -1,
      x1: 0,
      y0: -0.5,
      y1: 1,
    });
  });

  it("grows the model's sphere to hold a point outside it", () => {
    expect(sphereWithPoint([0, 0, 0], 1, [0.5, 0, 0])).toEqual({ center: [0, 0, 0], radius: 1 });
    const grown = sphereWithPoint([0, 0, 0], 1, [3, 0, 0]);
    expect(grown.radius).toBeCloseTo(2, 9);
    expect(grown.center[0]).toBeCloseTo(1, 9);
  });
});
