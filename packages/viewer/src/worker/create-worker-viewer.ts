/**
 * `createWorkerViewer`: the engine in a worker (`engine-worker.ts`) drawing on the page's canvas
 * through `transferControlToOffscreen`. The page keeps the canvas, the marker overlay and the
 * input: it forwards pointer, wheel and key events to the worker and places the markers at the
 * spots each drawn frame reports. three.js never runs on the page's thread, so on a phone the
 * page stays responsive while the model loads and draws (issue 17: visitor pages).
 *
 * Calls that answer in the page engine at once are answered here from what the last frame
 * reported (`getCameraView`, `motion`) or from the model's facts (`playClip`). `pick` needs the
 * model in this thread: the studio, which picks, uses `createViewer`.
 */
import type { TCameraView } from "@vitrine/contract";
import { INITIAL_VIEW } from "../default-scene";
import type { TMotionState } from "../engine";
import { createMarkerLayer } from "../marker-layer";
import { ensureStyles } from "../styles";
import type { TModelFacts, TViewer, TViewerOptions } from "../types";
import {
  type TAskCall,
  type TFromWorker,
  type TInputEvent,
  type TTellCall,
  type TToWorker,
  type TViewBox,
  WORKER_UNAVAILABLE,
} from "./protocol";

/** An error saying the worker cannot draw, so the host may draw in the page instead. */
function unavailable(message: string): Error {
  const error = new Error(message || "The engine's worker could not start.");
  error.name = WORKER_UNAVAILABLE;
  return error;
}

/** The event fields the orbit controls read. */
function inputOf(event: PointerEvent | WheelEvent | KeyboardEvent): TInputEvent {
  const { type, ctrlKey, metaKey, shiftKey, altKey } = event;
  if (event instanceof KeyboardEvent)
    return { type, key: event.key, code: event.code, ctrlKey, metaKey, shiftKey, altKey };
  const base = {
    type,
    button: event.button,
    buttons: event.buttons,
    clientX: event.clientX,
    clientY: event.clientY,
    pageX: event.pageX,
    pageY: event.pageY,
    ctrlKey,
    metaKey,
    shiftKey,
    altKey,
  };
  if (event instanceof WheelEvent) {
    return {
      ...base,
      deltaX: event.deltaX,
      deltaY: event.deltaY,
      deltaZ: event.deltaZ,
      deltaMode: event.deltaMode,
    };
  }
  return { ...base, pointerId: event.pointerId, pointerType: event.pointerType };
}

/**
 * Creates the engine's worker for `container`. Throws (name `WorkerUnavailable`) when the worker
 * cannot be made; `load` rejects with that name when it cannot draw there (no WebGL in workers).
 */
export function createWorkerViewer(container: HTMLElement, options: TViewerOptions = {}): TViewer {
  const doc = container.ownerDocument;
  const view = doc.defaultView ?? window;
  const pixelRatioCap = options.pixelRatioCap ?? 2;
  let worker: Worker;
  try {
    worker = new Worker(new URL("./engine-worker.ts", import.meta.url), {
      type: "module",
      name: "vitrine-engine",
    });
  } catch (error) {
    throw unavailable(error instanceof Error ? error.message : "");
  }
  ensureStyles(container);
  container.classList.add("vt-root");
  if (view.getComputedStyle(container).position === "static") container.style.position = "relative";
  const canvas = doc.createElement("canvas");
  canvas.classList.add("vt-canvas");
  container.prepend(canvas);
  const markers = createMarkerLayer(container);

  const clipEndListeners = new Set<(name: string) => void>();
  const pending = new Map<
    number,
    {
      resolve: (value: never) => void;
      reject: (error: Error) => void;
      onProgress?: (loaded: number, total: number) => void;
    }
  >();
  let nextId = 1;
  let isDisposed = false;
  let failure: Error | null = null;
  let cameraView: TCameraView = INITIAL_VIEW;
  let motion: TMotionState = null;
  let facts: TModelFacts | null = null;

  const send = (message: TToWorker, transfer: Transferable[] = []) => {
    if (!isDisposed && !failure) worker.postMessage(message, transfer);
  };
  const tell = (call: TTellCall) => send({ type: "tell", call });
  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  const ask = <T>(call: TAskCall, onProgress?: (loaded: number, total: number) => void): Promise<T> => {
    if (failure) return Promise.reject(failure);
    if (isDisposed) return Promise.reject(new DOMException("The viewer was closed.", "AbortError"));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: never) => void, reject, onProgress });
      send({ type: "ask", id, call });
    });
  };

  const handle = (message: TFromWorker) => {
    switch (message.type) {
      case "failed":
        fail(unavailable(message.message));
        return;
      case "progress":
        pending.get(message.id)?.onProgress?.(message.loaded, message.total);
        return;
      case "facts":
      case "blob": {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.type === "facts") facts = message.facts;
        call?.resolve((message.type === "facts" ? message.facts : message.blob) as never);
        return;
      }
      case "error": {
        const call = pending.get(message.id);
        pending.delete(message.id);
        const error =
          message.name === WORKER_UNAVAILABLE ? unavailable(message.message) : new Error(message.message);
        if (message.name !== WORKER_UNAVAILABLE) error.name = message.name;
        call?.reject(error);
        return;
      }
      case "frame":
        cameraView = message.view;
        motion = message.motion;
        markers.place(message.spots);
        if (message.isMoved) options.onChange?.(message.view);
        return;
      case "clipEnd":
        motion = message.motion;
        for (const listener of clipEndListeners) listener(message.name);
        return;
    }
  };
  worker.addEventListener("message", (event: MessageEvent<TFromWorker>) => handle(event.data));
  // The script did not load or run (an old browser without module workers, a blocked URL).
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    fail(unavailable(event.message));
  });

  const box = (): TViewBox => {
    const rect = canvas.getBoundingClientRect();
    return {
      width: container.clientWidth,
      height: container.clientHeight,
      pixelRatio: Math.min(view.devicePixelRatio || 1, pixelRatioCap),
      left: rect.left,
      top: rect.top,
    };
  };
  const offscreen = canvas.transferControlToOffscreen();
  send(
    {
      type: "init",
      canvas: offscreen,
      box: box(),
      background: options.background,
      dracoDecoderPath: new URL(options.dracoDecoderPath ?? "/decoders/draco/", doc.baseURI).href,
      environmentSize: options.environmentSize,
    },
    [offscreen],
  );

  const resize = () => send({ type: "size", box: box() });
  const observer = new ResizeObserver(() => resize());
  observer.observe(container);

  // Input: the page captures a pointer pressed on the canvas, so its moves and release come here
  // even outside the view, and forwards them; moves of no pressed pointer are not sent.
  const pressed = new Set<number>();
  const forward = (event: PointerEvent | WheelEvent | KeyboardEvent) =>
    send({ type: "input", event: inputOf(event) });
  const onPointerDown = (event: PointerEvent) => {
    pressed.add(event.pointerId);
    canvas.setPointerCapture(event.pointerId);
    // The controls read the view's place on the page from their last size message.
    resize();
    forward(event);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (pressed.has(event.pointerId)) forward(event);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!pressed.delete(event.pointerId)) return;
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    forward(event);
  };
  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    forward(event);
  };
  const onContextMenu = (event: Event) => event.preventDefault();
  const onKey = (event: KeyboardEvent) => {
    // The controls only read the modifier keys (Ctrl/Meta/Shift turn a drag into a pan).
    if (event.key === "Control" || event.key === "Meta" || event.key === "Shift") forward(event);
  };
  canvas.addEventListener("pointerdown", onPointerDown);
  canvas.addEventListener("pointermove", onPointerMove);
  canvas.addEventListener("pointerup", onPointerUp);
  canvas.addEventListener("pointercancel", onPointerUp);
  canvas.addEventListener("wheel", onWheel, { passive: false });
  canvas.addEventListener("contextmenu", onContextMenu);
  doc.addEventListener("keydown", onKey, { capture: true, passive: true });
  doc.addEventListener("keyup", onKey, { capture: true, passive: true });

  const viewer: TViewer = {
    canvas,
    load: (url, loadOptions = {}) =>
      ask<TModelFacts>({ method: "load", url: new URL(url, doc.baseURI).href }, loadOptions.onProgress),
    applyBuild(build) {
      viewer.applyScene(build.sceneinfo);
      viewer.applyMaterials(build.materialinfo);
      viewer.setAnnotations(build.annotationinfo);
    },
    applyScene: (scene) => tell({ method: "applyScene", scene }),
    applyMaterials: (settings) => tell({ method: "applyMaterials", settings }),
    resetMaterials: () => tell({ method: "resetMaterials" }),
    setAnnotations(annotations) {
      markers.set(annotations);
      tell({ method: "setAnnotations", annotations });
    },
    setActiveAnnotation: (id) => markers.setActive(id),
    onAnnotationClick: (listener) => markers.onClick(listener),
    focusAnnotation(id, focusOptions = {}) {
      if (!markers.has(id)) return;
      markers.setActive(id);
      tell({ method: "focusAnnotation", id, animate: focusOptions.animate ?? true });
    },
    getCameraView: () => cameraView,
    setCameraView(next, setOptions = {}) {
      const animate = setOptions.animate ?? false;
      if (!animate) cameraView = next;
      tell({ method: "setCameraView", view: next, animate });
    },
    frameModel: (frameOptions = {}) => tell({ method: "frameModel", animate: frameOptions.animate ?? false }),
    pick() {
      throw new Error("pick() needs the engine in the page: use createViewer.");
    },
    playClip(name, playOptions = {}) {
      if (!facts?.clips.some((clip) => clip.name === name)) return false;
      motion = { clip: name, isPaused: false };
      tell({ method: "playClip", name, loop: playOptions.loop ?? false });
      return true;
    },
    pause() {
      if (motion) motion = { ...motion, isPaused: true };
      tell({ method: "pause" });
    },
    resume() {
      if (motion) motion = { ...motion, isPaused: false };
      tell({ method: "resume" });
    },
    stop() {
      motion = null;
      tell({ method: "stop" });
    },
    get motion() {
      return motion;
    },
    onClipEnd(listener) {
      clipEndListeners.add(listener);
      return () => clipEndListeners.delete(listener);
    },
    capture: (captureOptions) => ask<Blob>({ method: "capture", options: captureOptions }),
    setAutoRotate: (isOn) => tell({ method: "setAutoRotate", isOn }),
    setViewInsets: (insets) => tell({ method: "setViewInsets", insets }),
    setCoveredAreas: (rects) => markers.setCovered(rects),
    resize,
    invalidate: () => tell({ method: "invalidate" }),
    dispose() {
      if (isDisposed) return;
      send({ type: "dispose" });
      isDisposed = true;
      for (const call of pending.values())
        call.reject(new DOMException("The viewer was closed.", "AbortError"));
      pending.clear();
      observer.disconnect();
      canvas.removeEventListener("pointerdown", onPointerDown);
      canvas.removeEventListener("pointermove", onPointerMove);
      canvas.removeEventListener("pointerup", onPointerUp);
      canvas.removeEventListener("pointercancel", onPointerUp);
      canvas.removeEventListener("wheel", onWheel);
      canvas.removeEventListener("contextmenu", onContextMenu);
      doc.removeEventListener("keydown", onKey, { capture: true });
      doc.removeEventListener("keyup", onKey, { capture: true });
      // The worker closes itself after disposing the engine; terminate if it is stuck.
      setTimeout(() => worker.terminate(), 1000);
      markers.dispose();
      clipEndListeners.clear();
      canvas.remove();
      container.classList.remove("vt-root");
    },
  };
  return viewer;
}
