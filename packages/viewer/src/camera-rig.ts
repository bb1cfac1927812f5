/** The camera, its orbit controls, and smooth flights between views. */
import type { TCameraView } from "@vitrine/contract";
import { PerspectiveCamera } from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { easeInOutCubic, interpolateCameraView } from "./camera-view";
import { INITIAL_VIEW } from "./default-scene";

/** How long a camera flight takes, in milliseconds. */
export const FLIGHT_MS = 800;

/** Camera plus controls. */
export interface TCameraRig {
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  getView(): TCameraView;
  setView(view: TCameraView, animate: boolean): void;
  /** Near/far planes and zoom limits for a model of this radius. */
  fitClipping(radius: number): void;
  /** Advances a flight or the controls; true when another frame is needed. */
  step(now: number, delta: number): boolean;
  setAutoRotate(isOn: boolean): void;
  readonly isAutoRotating: boolean;
  dispose(): void;
}

/** Makes the rig on `element`; `onMove` hears every camera change (user, flight, code). */
export function createCameraRig(element: HTMLElement, onMove: () => void): TCameraRig {
  const camera = new PerspectiveCamera(INITIAL_VIEW.fov, 1, 0.01, 1000);
  camera.position.set(...INITIAL_VIEW.position);
  const controls = new OrbitControls(camera, element);
  controls.enableDamping = true;
  controls.dampingFactor = 0.08;
  controls.autoRotateSpeed = 1.5;
  let flight: { from: TCameraView; to: TCameraView; start: number } | null = null;

  const apply = (view: TCameraView) => {
    camera.position.set(...view.position);
    controls.target.set(...view.target);
    if (camera.fov !== view.fov) {
      camera.fov = view.fov;
      camera.updateProjectionMatrix();
    }
    camera.lookAt(controls.target);
  };

  const handleChange = () => onMove();
  // A hand on the model wins over a flight in progress.
  const handleStart = () => {
    flight = null;
  };
  controls.addEventListener("change", handleChange);
  controls.addEventListener("start", handleStart);

  const getView = (): TCameraView => ({
    position: [camera.position.x, camera.position.y, camera.position.z],
    target: [controls.target.x, controls.target.y, controls.target.z],
    fov: camera.fov,
  });

  return {
    camera,
    controls,
    getView,
    setView(view, animate) {
      // Spend the controls' leftover damped motion (a drag's glide, an auto-rotation just
      // paused) now, or it would carry the camera off the new view once it is reached.
      const isDamped = controls.enableDamping;
      controls.enableDamping = false;
      controls.update();
      controls.enableDamping = isDamped;
      if (animate) {
        flight = { from: getView(), to: view, start: performance.now() };
      } else {
        flight = null;
        apply(view);
        controls.update();
      }
      onMove();
    },
    fitClipping(radius) {
      const r = Math.max(radius, 1e-4);
      camera.near = r / 100;
      camera.far = r * 200;
      camera.updateProjectionMatrix();
      controls.minDistance = r * 0.05;
      controls.maxDistance = r * 20;
    },
    step(now, delta) {
      if (flight) {
        const t = Math.min((now - flight.start) / FLIGHT_MS, 1);
        apply(interpolateCameraView(flight.from, flight.to, easeInOutCubic(t)));
        if (t >= 1) {
          flight = null;
          controls.update();
        }
        onMove();
        return flight !== null || controls.autoRotate;
      }
      // update() reports a change through the "change" event, which asks for the next frame.
      controls.update(delta);
      if (!controls.autoRotate) return false;
      // OrbitControls' change threshold is absolute, so a small model's slow turn may not report
      // a change each frame; keep drawing while it turns.
      onMove();
      return true;
    },
    setAutoRotate(isOn) {
      // applyScene repeats the setting on every edit; only a real switch may report a move.
      if (controls.autoRotate === isOn) return;
      controls.autoRotate = isOn;
      onMove();
    },
    get isAutoRotating() {
      return controls.autoRotate;
    },
    dispose() {
      controls.removeEventListener("change", handleChange);
      controls.removeEventListener("start", handleStart);
      controls.dispose();
    },
  };
}
