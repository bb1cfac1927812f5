/**
 * Textures to WebP at the lowest quality that still reads the same (issue 16: "quality chosen by
 * a perceptual check, not a fixed number"). Each image is resized to fit the pipeline's largest
 * texture, then encoded at sharp's default WebP quality (80, what `gltf-transform optimize`
 * writes) and, when that keeps it close enough, at lower qualities, searched by halves; the
 * structural similarity (SSIM, `ssim.js`) of each result against the resized original decides.
 * Colour textures must keep SSIM ≥ 0.985; data textures (normals, roughness/metalness,
 * occlusion: linear, read by the lighting, not by the eye) ≥ 0.99. An image that already differs
 * at 80 (fine noise, which SSIM punishes at any lossy quality) stays at 80: never larger than the
 * fixed-quality pipeline made it.
 *
 * The search runs on crops, not the whole image: WebP's artefacts are local (16 px macroblocks), so
 * the most detailed few tiles at full resolution, encoded at each quality tried, tell what the
 * whole image would lose, at a fraction of the cost of encoding it whole each time. The chosen
 * quality is then checked on the whole image; one that misses there moves up a step, so the bar
 * holds for the file that is kept.
 */
import type { Document, Texture } from "@gltf-transform/core";
import type { default as Sharp } from "sharp";
import { loadGltfCore, loadGltfExtensions, loadGltfFunctions, loadSsim } from "./packages";

/** The WebP qualities tried, the default first. */
export const WEBP_QUALITIES = [80, 70, 60, 50, 40] as const;
/** The SSIM an encoding must keep against the original, by the texture's colour space. */
export const SSIM_TARGET = { srgb: 0.985, data: 0.99 } as const;
/** SSIM is judged on images of at most this many pixels a side (what a screen shows of them). */
const SSIM_MAX_SIZE = 512;
/** The side of a crop the search encodes, and how many of the most detailed crops it takes. */
const CROP = 256;
const CROPS = 4;

/** What was chosen for one texture. */
export interface TTextureChoice {
  quality: number;
  ssim: number;
}

type TSharp = typeof Sharp;

async function rgba(sharp: TSharp, image: Uint8Array, size: [number, number] | null) {
  let pipeline = sharp(image, { limitInputPixels: true });
  if (size) pipeline = pipeline.resize(size[0], size[1], { fit: "fill", kernel: "lanczos3" });
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

type TPixels = Awaited<ReturnType<typeof rgba>>;

/** The image cut into `CROP`² tiles, the `CROPS` of them with the most detail (luma variance). */
export function detailedCrops(image: TPixels): TPixels[] {
  if (image.width <= CROP * 2 && image.height <= CROP * 2) return [image];
  const tiles: { x: number; y: number; w: number; h: number; variance: number }[] = [];
  for (let y = 0; y < image.height; y += CROP) {
    for (let x = 0; x < image.width; x += CROP) {
      const w = Math.min(CROP, image.width - x);
      const h = Math.min(CROP, image.height - y);
      if (w < 16 || h < 16) continue;
      let sum = 0;
      let squares = 0;
      // Every other pixel of every other row is enough to rank the tiles.
      for (let j = 0; j < h; j += 2) {
        for (let i = 0; i < w; i += 2) {
          const at = ((y + j) * image.width + x + i) * 4;
          const luma =
            0.299 * (image.data[at] ?? 0) +
            0.587 * (image.data[at + 1] ?? 0) +
            0.114 * (image.data[at + 2] ?? 0);
          sum += luma;
          squares += luma * luma;
        }
      }
      const n = Math.ceil(w / 2) * Math.ceil(h / 2);
      tiles.push({ x, y, w, h, variance: squares / n - (sum / n) ** 2 });
    }
  }
  tiles.sort((a, b) => b.variance - a.variance);
  return tiles.slice(0, CROPS).map(({ x, y, w, h }) => {
    const data = new Uint8ClampedArray(w * h * 4);
    for (let row = 0; row < h; row++) {
      const from = ((y + row) * image.width + x) * 4;
      data.set(image.data.subarray(from, from + w * 4), row * w * 4);
    }
    return { data, width: w, height: h };
  });
}

/**
 * Converts every texture of `document` to WebP within `maxSize` px a side at the quality its
 * check allows; returns each texture's choice (in `listTextures()` order; null for an image of a
 * format we do not convert, left as it was). A damaged image throws.
 */
export async function compressTexturesPerceptually(
  document: Document,
  sharp: TSharp,
  maxSize: number,
): Promise<(TTextureChoice | null)[]> {
  const [{ compressTexture, fitWithin, getTextureColorSpace }, { EXTTextureWebP }, { ImageUtils }, { ssim }] =
    await Promise.all([loadGltfFunctions(), loadGltfExtensions(), loadGltfCore(), loadSsim()]);
  const similarity = (a: TPixels, b: TPixels): number =>
    a.width !== b.width || a.height !== b.height
      ? 0
      : ssim(a, b, { downsample: "original", maxSize: SSIM_MAX_SIZE }).mssim;
  const choices = await Promise.all(
    document
      .getRoot()
      .listTextures()
      .map(async (texture: Texture): Promise<TTextureChoice | null> => {
        const image = texture.getImage();
        const mimeType = texture.getMimeType();
        if (!image || !["image/png", "image/jpeg", "image/webp"].includes(mimeType)) return null;
        const uri = texture.getURI();
        const size = ImageUtils.getSize(image, mimeType);
        if (!size) throw new Error(`texture ${texture.getName() || uri}: unreadable image`);
        const target = fitWithin(size, [maxSize, maxSize]) as [number, number];
        const reference = await rgba(sharp, image, target);
        const goal = getTextureColorSpace(texture) === "srgb" ? SSIM_TARGET.srgb : SSIM_TARGET.data;
        const crops = detailedCrops(reference);
        // SSIM of the crops encoded at `quality`: the worst crop speaks for the image.
        const cropSsim = async (quality: number): Promise<number> => {
          let worst = 1;
          for (const crop of crops) {
            const encoded = await sharp(
              Buffer.from(crop.data.buffer, crop.data.byteOffset, crop.data.byteLength),
              {
                raw: { width: crop.width, height: crop.height, channels: 4 },
              },
            )
              .webp({ quality })
              .toBuffer();
            worst = Math.min(worst, similarity(crop, await rgba(sharp, encoded, null)));
          }
          return worst;
        };
        const encodeWhole = async (quality: number) => {
          texture.setImage(image).setMimeType(mimeType).setURI(uri);
          await compressTexture(texture, {
            encoder: sharp,
            targetFormat: "webp",
            resize: [maxSize, maxSize],
            quality,
          });
          const bytes = texture.getImage() ?? image;
          return { bytes, ssim: similarity(reference, await rgba(sharp, bytes, null)) };
        };
        // The lowest quality whose crops reach the goal, by halves over the list (best first).
        let best = 0;
        let low = 1;
        let high = WEBP_QUALITIES.length - 1;
        if ((await cropSsim(WEBP_QUALITIES[0])) >= goal) {
          while (low <= high) {
            const middle = (low + high) >> 1;
            if ((await cropSsim(WEBP_QUALITIES[middle] ?? 80)) >= goal) {
              best = middle;
              low = middle + 1;
            } else high = middle - 1;
          }
        }
        // The whole image has the last word: below the goal, one step up at a time (never above 80).
        let chosen = await encodeWhole(WEBP_QUALITIES[best] ?? 80);
        while (best > 0 && chosen.ssim < goal) {
          best -= 1;
          chosen = await encodeWhole(WEBP_QUALITIES[best] ?? 80);
        }
        return { quality: WEBP_QUALITIES[best] ?? 80, ssim: Math.round(chosen.ssim * 10_000) / 10_000 };
      }),
  );
  const webp = document.createExtension(EXTTextureWebP);
  if (
    document
      .getRoot()
      .listTextures()
      .some((texture) => texture.getMimeType() === "image/webp")
  ) {
    webp.setRequired(true);
  } else webp.dispose();
  return choices;
}
