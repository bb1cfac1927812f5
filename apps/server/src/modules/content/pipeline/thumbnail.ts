/**
 * A thumbnail drawn on the server when processing ends (issue 9, item 14), so a content has a
 * card image before its owner ever opens the editor (no browser may be open). A small software
 * rasteriser: the default scene's triangles in their rest pose (skins applied), seen from the
 * front-right and a little above, perspective, a depth buffer, interpolated normals, base
 * colour × texture (sampled per pixel) × vertex colour, a key, a fill and a sky light, on a light
 * backdrop with a soft contact shadow; points and lines as dots and strokes. Drawn at twice the
 * size and scaled down by sharp for smooth edges. The editor's own capture replaces it on save.
 */
import type { Document } from "@gltf-transform/core";
import { loadSharp } from "./packages";
import { cameraFor } from "./render/camera";
import { toSrgbByte } from "./render/math";
import { backdrop, contactShadow, drawPointOrLine, drawTriangle, SUPERSAMPLE } from "./render/raster";
import { collectShapes } from "./render/scene";

export { cross, srgbByteOf, sub, type TVec3, toSrgbByte } from "./render/math";
export { readVectors, shapesOf, worldPositions } from "./render/scene";

/** Size of the thumbnail (the studio cards are 4:3, as the editor's capture). */
export const THUMBNAIL_SIZE = { width: 640, height: 480 } as const;

/** A drawn frame: sRGB bytes, 3 per pixel, at twice {@link THUMBNAIL_SIZE}. */
export interface TRenderedFrame {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/**
 * Draws the document's default scene (the thumbnail's view) as raw sRGB bytes; null when there
 * is nothing to draw. The pipeline's quality gate compares two of these.
 */
export async function renderFrame(document: Document): Promise<TRenderedFrame | null> {
  const shapes = await collectShapes(document);
  const width = THUMBNAIL_SIZE.width * SUPERSAMPLE;
  const height = THUMBNAIL_SIZE.height * SUPERSAMPLE;
  const camera = shapes.length > 0 ? cameraFor(shapes, width, height) : null;
  if (!camera) return null;
  const frame = backdrop(width, height);
  contactShadow(frame, camera, shapes);
  for (const shape of shapes) {
    if (shape.points.length === 3) drawTriangle(frame, camera, shape);
    else drawPointOrLine(frame, camera, shape);
  }
  const rgb = new Uint8Array(width * height * 3);
  // Neighbouring pixels are often equal (the backdrop is one colour a row): encode each run once.
  const source = frame.rgb;
  let lastR = Number.NaN;
  let lastG = Number.NaN;
  let lastB = Number.NaN;
  let byteR = 0;
  let byteG = 0;
  let byteB = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    const r = source[i] ?? 0;
    const g = source[i + 1] ?? 0;
    const b = source[i + 2] ?? 0;
    if (r !== lastR || g !== lastG || b !== lastB) {
      lastR = r;
      lastG = g;
      lastB = b;
      byteR = toSrgbByte(r);
      byteG = toSrgbByte(g);
      byteB = toSrgbByte(b);
    }
    rgb[i] = byteR;
    rgb[i + 1] = byteG;
    rgb[i + 2] = byteB;
  }
  return { width, height, rgb };
}

/** Encodes a drawn frame as the thumbnail JPEG ({@link THUMBNAIL_SIZE}). */
export async function thumbnailJpeg(frame: TRenderedFrame): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const jpeg = await sharp(Buffer.from(frame.rgb.buffer, frame.rgb.byteOffset, frame.rgb.byteLength), {
    raw: { width: frame.width, height: frame.height, channels: 3 },
  })
    .resize(THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height, { kernel: "lanczos3" })
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/**
 * Draws the document's default scene as a JPEG of {@link THUMBNAIL_SIZE}; null when there is
 * nothing to draw. Call it before meshopt compression (the geometry is still plain).
 */
export async function renderThumbnail(document: Document): Promise<Uint8Array | null> {
  const frame = await renderFrame(document);
  return frame ? thumbnailJpeg(frame) : null;
}
