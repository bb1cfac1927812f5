/** Public types of the viewer engine. Build data types come from the contract. */
import type {
  TAnnotation,
  TBuild,
  TCameraView,
  TMaterialSetting,
  TSceneInfo,
  TVec3,
} from "@vitrine/contract";
import type { TViewInsets } from "./camera-view";

/** What the engine reports about a loaded model (the editor's lists and the model-info panel). */
export interface TModelFacts {
  /** Animation clips, in file order. */
  clips: { name: string; duration: number }[];
  /** Material names, in glTF order; an unnamed material is `#<index>`. */
  materials: string[];
  /** Each material's own look as a setting, so an editor can start from what the file says. */
  materialDefaults: TMaterialSetting[];
  /** Bounding-box size in model units (metres in glTF). */
  dimensions: TVec3;
  /** Triangles drawn for the whole model. */
  triangles: number;
}

/** A rectangle in pixels from the container's top-left corner. */
export interface TRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Options of `createViewer`. */
export interface TViewerOptions {
  /** Called (at most once per frame) after the camera moved, with the new view. */
  onChange?: (view: TCameraView) => void;
  /** Clear colour shown before a scene is applied, `#rrggbb`. */
  background?: string;
  /** Upper bound of the device pixel ratio used for rendering (default 2). */
  pixelRatioCap?: number;
  /** Where the Draco decoder files are served; only fetched for Draco-compressed files. */
  dracoDecoderPath?: string;
  /**
   * Face size of the environment map, 128 or 256 px (default: 256 where a GPU draws, 128 in
   * software WebGL, where the larger map costs seconds before the first frame).
   */
  environmentSize?: 128 | 256;
}

/** Options of `load`. */
export interface TLoadOptions {
  /** Download progress; `total` is 0 when the server sent no length. */
  onProgress?: (loaded: number, total: number) => void;
}

/** A hit on the model's surface, in world space. */
export interface TPickHit {
  position: TVec3;
  normal: TVec3;
}

/** Options of `capture`. */
export interface TCaptureOptions {
  width: number;
  height: number;
  type?: "image/webp" | "image/png";
  /** Encoder quality for WebP, 0..1 (default 0.9). */
  quality?: number;
}

/** The engine: one canvas, one model, everything the build data can change. */
export interface TViewer {
  /** The WebGL canvas (inside the container). */
  readonly canvas: HTMLCanvasElement;
  /** Loads a glTF/GLB (meshopt, Draco, WebP supported), replacing the current model; frames it. */
  load(url: string, options?: TLoadOptions): Promise<TModelFacts>;
  /** Applies scene, materials and annotations at once. */
  applyBuild(build: TBuild): void;
  /** Background, environment, key light, shadows, tone mapping, camera (when given) and auto-rotate. */
  applyScene(scene: TSceneInfo): void;
  /** Applies material settings from the model's originals (never compounding). */
  applyMaterials(settings: readonly TMaterialSetting[]): void;
  /** Puts every material back as the file had it. */
  resetMaterials(): void;
  /** Replaces the numbered markers. */
  setAnnotations(annotations: readonly TAnnotation[]): void;
  /** Marks one marker as the open one (class `is-active`), or none. */
  setActiveAnnotation(id: string | null): void;
  /** Subscribes to marker clicks; returns the unsubscribe function. */
  onAnnotationClick(listener: (id: string) => void): () => void;
  /**
   * Flies to the annotation: seen from its saved view's direction (else along its surface normal),
   * the whole model and the marker framed in the part of the view the host left free
   * (`setViewInsets`); smoothly unless `animate` is false (visitors who prefer reduced motion).
   * The marker shows while the camera flies, even from behind the model.
   */
  focusAnnotation(id: string, options?: { animate?: boolean }): void;
  /** The current camera view. */
  getCameraView(): TCameraView;
  /** Moves the camera, smoothly when `animate` is true. */
  setCameraView(view: TCameraView, options?: { animate?: boolean }): void;
  /** Frames the whole model (the default view). */
  frameModel(options?: { animate?: boolean }): void;
  /** The model's surface under a screen point, or null. */
  pick(clientX: number, clientY: number): TPickHit | null;
  /** Plays a clip by name from its start; once unless `loop`. False when there is no such clip. */
  playClip(name: string, options?: { loop?: boolean }): boolean;
  /** Holds the playing clip where it is. */
  pause(): void;
  /** Continues a held clip. */
  resume(): void;
  /** Stops motion and returns the model to its rest pose. */
  stop(): void;
  /** The clip playing or held, or null. */
  readonly motion: { clip: string; isPaused: boolean } | null;
  /** Subscribes to the end of a clip played once; returns the unsubscribe function. */
  onClipEnd(listener: (name: string) => void): () => void;
  /** Renders one frame at the given size and encodes it. */
  capture(options: TCaptureOptions): Promise<Blob>;
  /** Turns auto-rotation on or off (also set by `applyScene`). */
  setAutoRotate(isOn: boolean): void;
  /**
   * Pixels at each edge covered by the host's controls (a toolbar, a note's card): the default
   * view and annotation views frame the model in the rest. Applies to the next framing.
   */
  setViewInsets(insets: TViewInsets): void;
  /** Areas (pixels from the container's top-left) the host draws over: markers there are hidden. */
  setCoveredAreas(rects: readonly TRect[]): void;
  /** Re-reads the container's size (done automatically by a ResizeObserver). */
  resize(): void;
  /** Asks for one frame to be drawn. */
  invalidate(): void;
  /** Frees GPU resources, listeners and the DOM the engine added. */
  dispose(): void;
}
