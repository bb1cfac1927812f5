/** Public interface of the `<vitrine-viewer>` element: what hosts (share page, `/embed`, studio preview) use. */
import type { TBuild, TVec3 } from "@vitrine/contract";
import type { TModelFacts, TViewer } from "../types";

/** Languages of the element's own labels. */
export type TViewerLang = "en" | "ko";

/** Everything one `show()` needs. */
export interface TViewerShowConfig {
  /** Optimised model (or a blob: URL for sealed content). */
  modelUrl: string;
  /** Shown at once, as the page's largest paint, until the first frame. */
  posterUrl?: string | null;
  title: string;
  /** Applied after load: scene, materials, annotations, motion steps. */
  build: TBuild;
  /** Shown by "attached image" when no annotation/step is open. */
  specificationImages?: string[];
  /** Metres, shown only until the engine has measured the loaded model (its measure wins). */
  dimensions?: TVec3 | null;
  lang: TViewerLang;
  branding: { showLogo: boolean; showAds: boolean };
  /** Maps a media URL from the build (`/blobs/...`) to what to fetch (sealed content gives blob: URLs). */
  resolveMedia?: (url: string) => string;
  /** Default "/decoders/draco/". */
  dracoDecoderPath?: string;
  /** Where the platform logo links (default "/"). */
  homeUrl?: string;
}

/** The `<vitrine-viewer>` element. */
export interface VitrineViewerElement extends HTMLElement {
  /** Resolves after the first frame with the model drawn; rejects on load failure. */
  show(config: TViewerShowConfig): Promise<void>;
  /** Switches every label live. */
  setLang(lang: TViewerLang): void;
  /** The engine, once created. */
  readonly viewer: TViewer | null;
}

/** Motion simulation states reported by `vt-motion`. */
export type TMotionState = "playing" | "paused" | "stopped";

/** Events the element dispatches (bubbling, composed). */
export interface TViewerEventMap {
  "vt-progress": CustomEvent<{ loaded: number; total: number }>;
  "vt-ready": CustomEvent<{ facts: TModelFacts }>;
  "vt-error": CustomEvent<{ message: string }>;
  "vt-annotation": CustomEvent<{ id: string | null }>;
  "vt-motion": CustomEvent<{ state: TMotionState; step: number }>;
}
