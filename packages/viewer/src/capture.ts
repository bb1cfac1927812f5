/** Still frames for thumbnails: render at the asked size and copy the pixels in the same task. */
import type { Camera, PerspectiveCamera, Scene, WebGLRenderer } from "three";

/**
 * Renders `scene` once at `width`×`height` and encodes it. The WebGL canvas is copied to a 2D
 * canvas right after drawing (before the browser may clear it), then the view is restored.
 */
export function captureFrame(
  renderer: WebGLRenderer,
  scene: Scene,
  camera: PerspectiveCamera,
  size: { width: number; height: number },
  encode: { type: string; quality: number },
  restore: () => void,
): Promise<Blob> {
  const canvas = renderer.domElement;
  const width = Math.max(1, Math.round(size.width));
  const height = Math.max(1, Math.round(size.height));
  const pixelRatio = renderer.getPixelRatio();
  const aspect = camera.aspect;
  // In a worker (an OffscreenCanvas, no document) the copy is an OffscreenCanvas too.
  const copy =
    "ownerDocument" in canvas
      ? canvas.ownerDocument.createElement("canvas")
      : new OffscreenCanvas(width, height);
  copy.width = width;
  copy.height = height;
  const ctx = copy.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) return Promise.reject(new Error("This browser cannot encode images."));
  try {
    renderer.setPixelRatio(1);
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    renderer.render(scene, camera as Camera);
    ctx.drawImage(canvas, 0, 0, width, height);
  } finally {
    renderer.setPixelRatio(pixelRatio);
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
    restore();
  }
  if (!("toBlob" in copy)) return copy.convertToBlob(encode);
  return new Promise((resolve, reject) => {
    copy.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The image could not be encoded."))),
      encode.type,
      encode.quality,
    );
  });
}
