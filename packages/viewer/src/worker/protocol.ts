/** Messages between the page (`createWorkerViewer`) and the engine's worker (`engine-worker.ts`). */
import type { TAnnotation, TCameraView, TMaterialSetting, TSceneInfo } from "@vitrine/contract";
import type { TViewInsets } from "../camera-view";
import type { TMotionState } from "../engine";
import type { TMarkerSpot } from "../markers";
import type { TCaptureOptions, TModelFacts } from "../types";

/** The view's size in CSS pixels, the pixel ratio to draw at, and where it is on the page. */
export interface TViewBox {
  width: number;
  height: number;
  pixelRatio: number;
  left: number;
  top: number;
}

/** The fields of a pointer, wheel or key event the orbit controls read. */
export interface TInputEvent {
  type: string;
  pointerId?: number;
  pointerType?: string;
  button?: number;
  buttons?: number;
  clientX?: number;
  clientY?: number;
  pageX?: number;
  pageY?: number;
  deltaX?: number;
  deltaY?: number;
  deltaZ?: number;
  deltaMode?: number;
  key?: string;
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
}

/** Calls that answer (`id` pairs the reply with its call). */
export type TAskCall = { method: "load"; url: string } | { method: "capture"; options: TCaptureOptions };

/** Calls that do not answer. */
export type TTellCall =
  | { method: "applyScene"; scene: TSceneInfo }
  | { method: "applyMaterials"; settings: readonly TMaterialSetting[] }
  | { method: "resetMaterials" }
  | { method: "setAnnotations"; annotations: readonly TAnnotation[] }
  | { method: "focusAnnotation"; id: string; animate: boolean }
  | { method: "setCameraView"; view: TCameraView; animate: boolean }
  | { method: "frameModel"; animate: boolean }
  | { method: "playClip"; name: string; loop: boolean }
  | { method: "pause" }
  | { method: "resume" }
  | { method: "stop" }
  | { method: "setAutoRotate"; isOn: boolean }
  | { method: "setViewInsets"; insets: TViewInsets }
  | { method: "invalidate" };

export type TToWorker =
  | {
      type: "init";
      canvas: OffscreenCanvas;
      box: TViewBox;
      background?: string;
      dracoDecoderPath: string;
      environmentSize?: 128 | 256;
    }
  | { type: "size"; box: TViewBox }
  | { type: "input"; event: TInputEvent }
  | { type: "ask"; id: number; call: TAskCall }
  | { type: "tell"; call: TTellCall }
  | { type: "dispose" };

/** Why the worker cannot draw: the page then draws itself. */
export const WORKER_UNAVAILABLE = "WorkerUnavailable";

/** A WebAssembly module using a SIMD instruction (`v128.const`): valid only where SIMD runs. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11,
]);
/** A WebAssembly module using a bulk-memory instruction (`memory.copy`). */
const BULK_MEMORY_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 5, 3, 1, 0, 1, 10, 14, 1, 12, 0, 65, 0, 65, 0,
  65, 0, 252, 10, 0, 0, 11,
]);

/**
 * True when this browser can draw WebGL in a worker, three.js reads textures there, and
 * WebAssembly has SIMD and bulk memory (the worker's meshopt decoder is only the SIMD build:
 * `vitrine:meshopt` in apps/web/vite.config.ts).
 */
export function canDrawInWorker(view: Window): boolean {
  const scope = view as unknown as {
    Worker?: unknown;
    OffscreenCanvas?: unknown;
    HTMLCanvasElement?: { prototype: object };
    WebAssembly?: typeof WebAssembly;
  };
  const canvas = scope.HTMLCanvasElement?.prototype;
  if (typeof scope.Worker !== "function" || typeof scope.OffscreenCanvas !== "function") return false;
  if (!canvas || !("transferControlToOffscreen" in canvas)) return false;
  // three's GLTFLoader reads textures through the DOM in Safari (it avoids createImageBitmap
  // there), which a worker lacks: Safari, and every iOS browser, draw in the page.
  const agent = view.navigator.userAgent;
  if (/^((?!chrome|android).)*safari/i.test(agent) || /iP(hone|ad|od)/.test(agent)) return false;
  try {
    const wasm = scope.WebAssembly;
    return Boolean(wasm?.validate(SIMD_PROBE) && wasm.validate(BULK_MEMORY_PROBE));
  } catch {
    return false;
  }
}

export type TFromWorker =
  | { type: "failed"; message: string }
  | { type: "progress"; id: number; loaded: number; total: number }
  | { type: "facts"; id: number; facts: TModelFacts }
  | { type: "blob"; id: number; blob: Blob }
  | { type: "error"; id: number; name: string; message: string }
  | { type: "frame"; spots: TMarkerSpot[]; view: TCameraView; motion: TMotionState; isMoved: boolean }
  | { type: "clipEnd"; name: string; motion: TMotionState };
