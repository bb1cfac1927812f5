/** `@vitrine/viewer/element`: the `<vitrine-viewer>` custom element. */
export { defineVitrineViewer } from "./element";
export type {
  TMotionState,
  TViewerEventMap,
  TViewerLang,
  TViewerShowConfig,
  VitrineViewerElement,
} from "./types";
