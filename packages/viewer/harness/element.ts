/**
 * Test harness of `<vitrine-viewer>` (bundled with esbuild by `apps/web/e2e/viewer-element.spec.ts`):
 * one element filling the page, driven through `window.elementHarness`.
 */
import { PerspectiveCamera, Vector3 } from "three";
import { defineVitrineViewer, type TViewerShowConfig, type VitrineViewerElement } from "../src/index";

/** The page's test API. */
export interface TElementHarness {
  element: VitrineViewerElement;
  /** Starts `show()`; the outcome lands in `outcome` ("ready" or the error message). */
  start(config: TViewerShowConfig): void;
  outcome: string | null;
  /** Share of captured pixels that differ from the scene's plain background colour. */
  coverage(background: [number, number, number]): Promise<number>;
  /** Points on the model's surface under the given fractions of the canvas (x, y in 0..1). */
  surface(points: [number, number][]): ([number, number, number] | null)[];
  /** Where world points land now, in CSS pixels of the element (null: behind the camera). */
  project(points: [number, number, number][]): ({ x: number; y: number } | null)[];
}

// This page draws in the page, not in a worker: `surface()` picks points on the model
// synchronously, which only the in-page engine can (`/embed` and `/share` test the worker).
delete (window as { OffscreenCanvas?: unknown }).OffscreenCanvas;
defineVitrineViewer();
const element = document.querySelector("vitrine-viewer") as VitrineViewerElement | null;
if (!element) throw new Error("no <vitrine-viewer>");

/** Build media URLs become small generated pictures (no files needed). */
function picture(url: string): string {
  const hue = [...url].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="hsl(${hue},60%,70%)"/><text x="160" y="98" font-size="20" text-anchor="middle" font-family="sans-serif">${url}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** World points to CSS pixels of the element, through the engine's current view. */
function projectPoints(
  host: VitrineViewerElement,
  points: [number, number, number][],
): ({ x: number; y: number } | null)[] {
  const viewer = host.viewer;
  const rect = viewer?.canvas.getBoundingClientRect();
  if (!viewer || !rect || rect.width === 0) return points.map(() => null);
  const view = viewer.getCameraView();
  const camera = new PerspectiveCamera(view.fov, rect.width / rect.height, 0.001, 1e6);
  camera.position.set(...view.position);
  camera.lookAt(...view.target);
  camera.updateMatrixWorld(true);
  return points.map((point) => {
    const p = new Vector3(...point).project(camera);
    if (p.z > 1) return null;
    return { x: ((p.x + 1) / 2) * rect.width, y: ((1 - p.y) / 2) * rect.height };
  });
}

const harness: TElementHarness = {
  element,
  outcome: null,
  start(config) {
    harness.outcome = null;
    element.show({ ...config, resolveMedia: picture }).then(
      () => {
        harness.outcome = "ready";
      },
      (error: unknown) => {
        harness.outcome = error instanceof Error ? error.message : String(error);
      },
    );
  },
  async coverage(background) {
    const viewer = element.viewer;
    if (!viewer) return 0;
    const blob = await viewer.capture({ width: 320, height: 240, type: "image/png" });
    const bitmap = await createImageBitmap(blob);
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return 0;
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let changed = 0;
    for (let i = 0; i < data.length; i += 4) {
      const delta =
        Math.abs((data[i] ?? 0) - background[0]) +
        Math.abs((data[i + 1] ?? 0) - background[1]) +
        Math.abs((data[i + 2] ?? 0) - background[2]);
      if (delta > 24) changed++;
    }
    return changed / (data.length / 4);
  },
  project: (points) => projectPoints(element, points),
  surface(points) {
    const viewer = element.viewer;
    if (!viewer) return points.map(() => null);
    const rect = viewer.canvas.getBoundingClientRect();
    return points.map(
      ([x, y]) => viewer.pick(rect.left + rect.width * x, rect.top + rect.height * y)?.position ?? null,
    );
  },
};
(window as unknown as { elementHarness: TElementHarness }).elementHarness = harness;
