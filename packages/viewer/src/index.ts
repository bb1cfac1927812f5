/**
 * @vitrine/viewer: the framework-free three.js engine (issue 4 fills it in). For now it answers
 * whether this browser can draw WebGL at all, which the shell uses to explain a blank viewer.
 */

/** True when the browser can create a WebGL2 or WebGL context. */
export function hasWebGL(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}
