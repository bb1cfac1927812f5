/**
 * @vitrine/viewer: the framework-free three.js engine. Hosts (studio editor, share page, `/embed`)
 * create it on a container and drive it with the content's build data, or use `<vitrine-viewer>`.
 */
export type { TViewInsets } from "./camera-view";
export { createViewer } from "./create-viewer";
export { defineVitrineViewer } from "./element/element";
export type {
  TMotionState,
  TViewerEventMap,
  TViewerLang,
  TViewerShowConfig,
  VitrineViewerElement,
} from "./element/types";
export { hasWebGL } from "./has-webgl";
export {
  keyFromFragment,
  openSnapshot,
  SEALED_OPEN_ERROR,
  sealSnapshot,
  type TSealedManifest,
  type TSealInput,
} from "./sealed";
export type {
  TCaptureOptions,
  TLoadOptions,
  TModelFacts,
  TPickHit,
  TRect,
  TViewer,
  TViewerOptions,
} from "./types";
