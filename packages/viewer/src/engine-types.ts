/** The engine's interface: what it needs from where it runs, and the calls it answers (`engine.ts`). */
import type { TAnnotation, TCameraView, TMaterialSetting, TSceneInfo } from "@vitrine/contract";
import type { TViewInsets } from "./camera-view";
import type { TEnvironmentSize } from "./environment";
import type { TMarkerSpot } from "./markers";
import type { TCaptureOptions, TModelFacts, TPickHit } from "./types";

/** The clip playing or held. */
export type TMotionState = { clip: string; isPaused: boolean } | null;

/** What the engine needs from where it runs. */
export interface TEngineHost {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  /** Where the orbit controls listen: the canvas itself, or a stand-in the page feeds events to. */
  controlsElement: HTMLElement;
  requestFrame(callback: (now: number) => void): number;
  cancelFrame(id: number): void;
  /** Clear colour shown before a scene is applied, `#rrggbb`. */
  background?: string;
  dracoDecoderPath: string;
  /** Face size of the environment map (default: 256 on a GPU, 128 in software WebGL). */
  environmentSize?: TEnvironmentSize;
  /** After the camera moved (at most once per frame). */
  onChange(view: TCameraView): void;
  /** After every drawn frame (and when occlusion was re-tested), with the markers' spots. */
  onSpots(spots: TMarkerSpot[]): void;
  /** A clip played once has ended. */
  onClipEnd(name: string): void;
}

/** The engine's calls; sizes are CSS pixels of the view. */
export interface TEngine {
  load(url: string, onProgress?: (loaded: number, total: number) => void): Promise<TModelFacts>;
  applyScene(scene: TSceneInfo): void;
  applyMaterials(settings: readonly TMaterialSetting[]): void;
  resetMaterials(): void;
  setAnnotations(annotations: readonly TAnnotation[]): void;
  focusAnnotation(id: string, animate: boolean): void;
  getCameraView(): TCameraView;
  setCameraView(view: TCameraView, animate: boolean): void;
  frameModel(animate: boolean): void;
  /** The model's surface under a point of the view (pixels from its top-left corner), or null. */
  pick(x: number, y: number): TPickHit | null;
  playClip(name: string, loop: boolean): boolean;
  pause(): void;
  resume(): void;
  stop(): void;
  readonly motion: TMotionState;
  capture(options: TCaptureOptions): Promise<Blob>;
  setAutoRotate(isOn: boolean): void;
  setViewInsets(insets: TViewInsets): void;
  /** The view's size in CSS pixels and the device pixel ratio to draw at. */
  setSize(width: number, height: number, pixelRatio: number): void;
  invalidate(): void;
  dispose(): void;
}
