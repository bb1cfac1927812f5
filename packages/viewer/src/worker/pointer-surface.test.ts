import { PerspectiveCamera } from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { describe, expect, it } from "vitest";
import { createPointerSurface } from "./pointer-surface";

const BOX = { width: 400, height: 300, pixelRatio: 1, left: 10, top: 20 };

describe("the worker's stand-in for the canvas", () => {
  it("answers the view's size and place", () => {
    const surface = createPointerSurface();
    surface.setBox(BOX);
    expect(surface.element.clientWidth).toBe(400);
    expect(surface.element.clientHeight).toBe(300);
    expect(surface.element.getBoundingClientRect()).toMatchObject({
      left: 10,
      top: 20,
      right: 410,
      bottom: 320,
    });
  });

  it("lets three's orbit controls turn the camera from forwarded pointer events", () => {
    const surface = createPointerSurface();
    surface.setBox(BOX);
    const camera = new PerspectiveCamera(45, 4 / 3, 0.1, 100);
    camera.position.set(0, 0, 5);
    const controls = new OrbitControls(camera, surface.element);
    controls.update();
    const pointer = { pointerId: 1, pointerType: "mouse", button: 0, buttons: 1, clientY: 170 };
    surface.dispatch({ type: "pointerdown", ...pointer, clientX: 210, pageX: 210, pageY: 170 });
    surface.dispatch({ type: "pointermove", ...pointer, clientX: 310, pageX: 310, pageY: 170 });
    surface.dispatch({ type: "pointerup", ...pointer, clientX: 310, pageX: 310, pageY: 170 });
    controls.update();
    // A drag to the right orbits the camera to the left of the target, at the same distance.
    expect(camera.position.x).toBeLessThan(-1);
    expect(camera.position.length()).toBeCloseTo(5, 5);
    controls.dispose();
  });

  it("zooms on a forwarded wheel event and stops listening once the controls are disposed", () => {
    const surface = createPointerSurface();
    surface.setBox(BOX);
    const camera = new PerspectiveCamera(45, 4 / 3, 0.1, 100);
    camera.position.set(0, 0, 5);
    const controls = new OrbitControls(camera, surface.element);
    controls.enableDamping = false;
    surface.dispatch({ type: "wheel", deltaY: -100, deltaMode: 0, clientX: 210, clientY: 170 });
    controls.update();
    const zoomed = camera.position.length();
    expect(zoomed).toBeLessThan(5);
    controls.dispose();
    surface.dispatch({ type: "wheel", deltaY: -100, deltaMode: 0, clientX: 210, clientY: 170 });
    controls.update();
    expect(camera.position.length()).toBe(zoomed);
  });
});
