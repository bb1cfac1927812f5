/**
 * `createViewer`: the engine in the page — one WebGL canvas in a container, drawn on demand,
 * with the marker overlay beside it. The studio's editor uses it (it picks points on the model
 * synchronously); visitor pages use `createWorkerViewer`, the same engine in a worker, when the
 * browser can draw there.
 */
import type { TCameraView } from "@vitrine/contract";
import { createEngine } from "./engine";
import { createMarkerLayer } from "./marker-layer";
import { ensureStyles } from "./styles";
import type { TViewer, TViewerOptions } from "./types";

/**
 * Creates the engine inside `container` (which gets a canvas and a marker overlay). Throws when
 * WebGL is unavailable; check `hasWebGL()` first to explain that to the visitor.
 */
export function createViewer(container: HTMLElement, options: TViewerOptions = {}): TViewer {
  const doc = container.ownerDocument;
  const view = doc.defaultView ?? window;
  const pixelRatioCap = options.pixelRatioCap ?? 2;
  ensureStyles(container);
  container.classList.add("vt-root");
  if (view.getComputedStyle(container).position === "static") container.style.position = "relative";

  const canvas = doc.createElement("canvas");
  canvas.classList.add("vt-canvas");
  const markers = createMarkerLayer(container);
  const clipEndListeners = new Set<(name: string) => void>();
  const engine = createEngine({
    canvas,
    controlsElement: canvas,
    requestFrame: (callback) => view.requestAnimationFrame(callback),
    cancelFrame: (id) => view.cancelAnimationFrame(id),
    background: options.background,
    dracoDecoderPath: options.dracoDecoderPath ?? "/decoders/draco/",
    environmentSize: options.environmentSize,
    onChange: (next: TCameraView) => options.onChange?.(next),
    onSpots: (spots) => markers.place(spots),
    onClipEnd: (name) => {
      for (const listener of clipEndListeners) listener(name);
    },
  });
  container.prepend(canvas);

  const resize = () => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    engine.setSize(width, height, Math.min(view.devicePixelRatio || 1, pixelRatioCap));
  };
  const observer = new ResizeObserver(() => resize());
  observer.observe(container);
  resize();

  const viewer: TViewer = {
    canvas,
    load: (url, loadOptions = {}) => engine.load(url, loadOptions.onProgress),
    applyBuild(build) {
      engine.applyScene(build.sceneinfo);
      engine.applyMaterials(build.materialinfo);
      viewer.setAnnotations(build.annotationinfo);
    },
    applyScene: (scene) => engine.applyScene(scene),
    applyMaterials: (settings) => engine.applyMaterials(settings),
    resetMaterials: () => engine.resetMaterials(),
    setAnnotations(annotations) {
      markers.set(annotations);
      engine.setAnnotations(annotations);
    },
    setActiveAnnotation: (id) => markers.setActive(id),
    onAnnotationClick: (listener) => markers.onClick(listener),
    focusAnnotation(id, focusOptions = {}) {
      if (!markers.has(id)) return;
      markers.setActive(id);
      engine.focusAnnotation(id, focusOptions.animate ?? true);
    },
    getCameraView: () => engine.getCameraView(),
    setCameraView: (next, setOptions = {}) => engine.setCameraView(next, setOptions.animate ?? false),
    frameModel: (frameOptions = {}) => engine.frameModel(frameOptions.animate ?? false),
    pick(clientX, clientY) {
      const rect = canvas.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return null;
      // The engine's view is the container's CSS size: scale in case the canvas is drawn otherwise.
      const x = ((clientX - rect.left) / rect.width) * container.clientWidth;
      const y = ((clientY - rect.top) / rect.height) * container.clientHeight;
      return engine.pick(x, y);
    },
    playClip: (name, playOptions = {}) => engine.playClip(name, playOptions.loop ?? false),
    pause: () => engine.pause(),
    resume: () => engine.resume(),
    stop: () => engine.stop(),
    get motion() {
      return engine.motion;
    },
    onClipEnd(listener) {
      clipEndListeners.add(listener);
      return () => clipEndListeners.delete(listener);
    },
    capture: (captureOptions) => engine.capture(captureOptions),
    setAutoRotate: (isOn) => engine.setAutoRotate(isOn),
    setViewInsets: (insets) => engine.setViewInsets(insets),
    setCoveredAreas: (rects) => markers.setCovered(rects),
    resize,
    invalidate: () => engine.invalidate(),
    dispose() {
      observer.disconnect();
      engine.dispose();
      markers.dispose();
      clipEndListeners.clear();
      canvas.remove();
      container.classList.remove("vt-root");
    },
  };
  return viewer;
}
