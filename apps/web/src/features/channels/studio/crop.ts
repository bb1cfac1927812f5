/**
 * The canvas crop of channel images: the largest area of the shown ratio, narrowed by a zoom and
 * moved by two offsets, drawn at most `maxWidth` pixels wide.
 */

/** How the crop is placed: zoom 1..4, offsets 0..1 (left/top to right/bottom). */
export interface TCropPlacement {
  zoom: number;
  x: number;
  y: number;
}

/** A source rectangle in image pixels. */
export interface TCropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** The source rectangle of `placement` in an image of `width`×`height` for the ratio `aspect` (w/h). */
export function cropRect(
  width: number,
  height: number,
  aspect: number,
  placement: TCropPlacement,
): TCropRect {
  let sw = width;
  let sh = width / aspect;
  if (sh > height) {
    sh = height;
    sw = height * aspect;
  }
  const zoom = Math.min(4, Math.max(1, placement.zoom));
  sw /= zoom;
  sh /= zoom;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { sx: (width - sw) * clamp(placement.x), sy: (height - sh) * clamp(placement.y), sw, sh };
}

/** Draws the crop of `image` on `canvas`, `outWidth` pixels wide. */
export function drawCrop(
  canvas: HTMLCanvasElement,
  image: HTMLImageElement,
  aspect: number,
  placement: TCropPlacement,
  outWidth: number,
): void {
  const rect = cropRect(image.naturalWidth, image.naturalHeight, aspect, placement);
  const width = Math.max(1, Math.round(Math.min(outWidth, rect.sw)));
  canvas.width = width;
  canvas.height = Math.max(1, Math.round(width / aspect));
  const context = canvas.getContext("2d");
  if (!context) return;
  context.imageSmoothingQuality = "high";
  context.drawImage(image, rect.sx, rect.sy, rect.sw, rect.sh, 0, 0, canvas.width, canvas.height);
}
