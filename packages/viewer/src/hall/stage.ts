/**
 * Where the hall is drawn: a WebGL canvas filling the container, which becomes the focusable
 * application the visitor walks in, and the camera fitted to the canvas's shape.
 */
import { Color, type PerspectiveCamera, WebGLRenderer } from "three";
import { BACKGROUND } from "./build";
import type { THallLabels } from "./types";

/** A renderer whose canvas is the container's first child; the container gets its role and label. */
export function mountRenderer(
  container: HTMLElement,
  labels: THallLabels,
  pixelRatio: number,
): WebGLRenderer {
  const renderer = new WebGLRenderer({ antialias: true, alpha: false, powerPreference: "high-performance" });
  renderer.setPixelRatio(pixelRatio);
  renderer.setClearColor(new Color(BACKGROUND));
  const canvas = renderer.domElement;
  canvas.className = "vt-hall-canvas";
  Object.assign(canvas.style, {
    display: "block",
    width: "100%",
    height: "100%",
    touchAction: "none",
    outline: "none",
  });
  if (getComputedStyle(container).position === "static") container.style.position = "relative";
  container.style.overflow = "hidden";
  container.prepend(canvas);
  container.tabIndex = 0;
  container.setAttribute("role", "application");
  container.setAttribute("aria-label", `${labels.hall}. ${labels.help}`);
  return renderer;
}

/** Sizes the drawing buffer and the camera to `w` × `h` CSS pixels. */
export function fitCamera(renderer: WebGLRenderer, camera: PerspectiveCamera, w: number, h: number): void {
  renderer.setSize(w, h, false);
  const aspect = w / h;
  camera.aspect = aspect;
  // Keep at least 50° across on narrow (portrait) screens.
  const minHalfH = (25 * Math.PI) / 180;
  camera.fov = Math.max(60, Math.min(80, (2 * Math.atan(Math.tan(minHalfH) / aspect) * 180) / Math.PI));
  camera.updateProjectionMatrix();
}
