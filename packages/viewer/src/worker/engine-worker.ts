/**
 * The engine's worker: draws on the canvas the page transferred (`OffscreenCanvas`), so three.js's
 * start, the shader compiles and every frame run off the page's thread and a visitor's taps and
 * scrolls never wait for them. Talks to `createWorkerViewer` (messages in `protocol.ts`).
 */
import type { TCameraView } from "@vitrine/contract";
import { createEngine, type TEngine } from "../engine";
import type { TMarkerSpot } from "../markers";
import { createPointerSurface } from "./pointer-surface";
import type { TFromWorker, TToWorker } from "./protocol";

/** The parts of the worker's global scope used here (the package is typed for the DOM). */
interface TWorkerScope {
  postMessage(message: TFromWorker): void;
  addEventListener(type: "message", listener: (event: MessageEvent<TToWorker>) => void): void;
  requestAnimationFrame?: (callback: (now: number) => void) => number;
  cancelAnimationFrame?: (id: number) => void;
  close(): void;
}

const scope = self as unknown as TWorkerScope;
const post = (message: TFromWorker) => scope.postMessage(message);

const surface = createPointerSurface();
let engine: TEngine | null = null;
let failure = "";
let spots: TMarkerSpot[] = [];
let isMoved = false;
let isFramePending = false;
/** Waiting for the next drawn frame (a load answers once the model is on the canvas). */
let afterDraw: (() => void)[] = [];

/** One message per drawn frame, after the frame (spots come before the camera's news). */
const postFrame = () => {
  if (isFramePending) return;
  isFramePending = true;
  queueMicrotask(() => {
    isFramePending = false;
    if (!engine) return;
    const view: TCameraView = engine.getCameraView();
    post({ type: "frame", spots, view, motion: engine.motion, isMoved });
    isMoved = false;
    for (const resolve of afterDraw.splice(0)) resolve();
  });
};

const requestFrame = (callback: (now: number) => void): number =>
  scope.requestAnimationFrame
    ? scope.requestAnimationFrame(callback)
    : (setTimeout(() => callback(performance.now()), 16) as unknown as number);
const cancelFrame = (id: number) => {
  if (scope.cancelAnimationFrame) scope.cancelAnimationFrame(id);
  else clearTimeout(id);
};

function handle(message: TToWorker) {
  if (message.type === "init") {
    surface.setBox(message.box);
    try {
      engine = createEngine({
        canvas: message.canvas,
        controlsElement: surface.element,
        requestFrame,
        cancelFrame,
        background: message.background,
        dracoDecoderPath: message.dracoDecoderPath,
        environmentSize: message.environmentSize,
        onChange: () => {
          isMoved = true;
          postFrame();
        },
        onSpots: (next) => {
          spots = next;
          postFrame();
        },
        onClipEnd: (name) => post({ type: "clipEnd", name, motion: engine?.motion ?? null }),
      });
      engine.setSize(message.box.width, message.box.height, message.box.pixelRatio);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      post({ type: "failed", message: failure });
    }
    return;
  }
  if (message.type === "ask" && !engine) {
    post({ type: "error", id: message.id, name: "WorkerUnavailable", message: failure });
    return;
  }
  if (!engine) return;
  switch (message.type) {
    case "size":
      surface.setBox(message.box);
      engine.setSize(message.box.width, message.box.height, message.box.pixelRatio);
      return;
    case "input":
      surface.dispatch(message.event);
      return;
    case "ask":
      void answer(engine, message.id, message.call);
      return;
    case "tell":
      tell(engine, message.call);
      return;
    case "dispose":
      engine.dispose();
      engine = null;
      afterDraw = [];
      scope.close();
      return;
  }
}

async function answer(target: TEngine, id: number, call: Extract<TToWorker, { type: "ask" }>["call"]) {
  try {
    if (call.method === "load") {
      const facts = await target.load(call.url, (loaded, total) =>
        post({ type: "progress", id, loaded, total }),
      );
      // The page takes the poster away when this answers: answer with the model drawn.
      await new Promise<void>((resolve) => afterDraw.push(resolve));
      post({ type: "facts", id, facts });
    } else {
      post({ type: "blob", id, blob: await target.capture(call.options) });
    }
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    post({ type: "error", id, name, message });
  }
}

function tell(target: TEngine, call: Extract<TToWorker, { type: "tell" }>["call"]) {
  switch (call.method) {
    case "applyScene":
      return target.applyScene(call.scene);
    case "applyMaterials":
      return target.applyMaterials(call.settings);
    case "resetMaterials":
      return target.resetMaterials();
    case "setAnnotations":
      return target.setAnnotations(call.annotations);
    case "focusAnnotation":
      return target.focusAnnotation(call.id, call.animate);
    case "setCameraView":
      return target.setCameraView(call.view, call.animate);
    case "frameModel":
      return target.frameModel(call.animate);
    case "playClip":
      target.playClip(call.name, call.loop);
      return;
    case "pause":
      return target.pause();
    case "resume":
      return target.resume();
    case "stop":
      return target.stop();
    case "setAutoRotate":
      return target.setAutoRotate(call.isOn);
    case "setViewInsets":
      return target.setViewInsets(call.insets);
    case "invalidate":
      return target.invalidate();
  }
}

scope.addEventListener("message", (event) => handle(event.data));
