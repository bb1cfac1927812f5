/**
 * @vitrine/viewer: the framework-free three.js engine. Hosts (studio editor, share page, `/embed`)
 * create it on a container and drive it with the content's build data.
 */
export { createViewer } from "./create-viewer";
export type {
  TCaptureOptions,
  TLoadOptions,
  TModelFacts,
  TPickHit,
  TViewer,
  TViewerOptions,
} from "./types";

/** True when the browser can create a WebGL2 or WebGL context. */
export function hasWebGL(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}
