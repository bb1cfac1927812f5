import { PerspectiveCamera } from "three";
import { describe, expect, it } from "vitest";
import { isFacingCamera, projectToScreen } from "./projection";

function cameraAt(z: number): PerspectiveCamera {
  const camera = new PerspectiveCamera(45, 800 / 600, 0.1, 100);
  camera.position.set(0, 0, z);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld(true);
  return camera;
}

describe("marker projection", () => {
  it("puts the point the camera looks at in the middle of the view", () => {
    const p = projectToScreen([0, 0, 0], cameraAt(5), 800, 600);
    expect(p.x).toBeCloseTo(400, 6);
    expect(p.y).toBeCloseTo(300, 6);
    expect(p.isInView).toBe(true);
  });

  it("moves a point above and to the right up and right on screen", () => {
    const p = projectToScreen([1, 1, 0], cameraAt(5), 800, 600);
    expect(p.x).toBeGreaterThan(400);
    expect(p.y).toBeLessThan(300);
    // tan(22.5°) × 5 ≈ 2.071 world units is half the view height.
    expect(p.y).toBeCloseTo(300 - 300 / (Math.tan(Math.PI / 8) * 5), 3);
  });

  it("reports points behind the camera or beyond the edges as out of view", () => {
    expect(projectToScreen([0, 0, 10], cameraAt(5), 800, 600).isInView).toBe(false);
    expect(projectToScreen([50, 0, 0], cameraAt(5), 800, 600).isInView).toBe(false);
  });
});

describe("marker facing", () => {
  it("shows a marker whose surface faces the camera and hides one facing away", () => {
    expect(isFacingCamera([0, 0, 1], [0, 0, 1], [0, 0, 5])).toBe(true);
    expect(isFacingCamera([0, 0, -1], [0, 0, -1], [0, 0, 5])).toBe(false);
  });

  it("treats a surface seen edge-on as facing away and a marker without normal as facing", () => {
    expect(isFacingCamera([0, 0, 0], [1, 0, 0], [0, 0, 5])).toBe(false);
    expect(isFacingCamera([0, 0, 0], null, [0, 0, 5])).toBe(true);
  });
});
