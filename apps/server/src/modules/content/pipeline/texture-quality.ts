/**
 * Textures to WebP at the lowest quality that still reads the same (issue 16: "quality chosen by
 * a perceptual check, not a fixed number"). Each image is resized to fit the pipeline's largest
 * texture, then encoded at sharp's default WebP quality (80, what `gltf-transform optimize`
 * writes) and, when that keeps it close enough, at lower qualities, searched by halves; the
 * structural similarity (SSIM: ssim.js's figure, computed by `ssim.ts`) of each result against the resized original decides.
 * Colour textures must keep SSIM ≥ 0.985; data textures (normals, roughness/metalness,
 * occlusion: linear, read by the lighting, not by the eye) ≥ 0.99. An image that already differs
 * at 80 (fine noise, which SSIM punishes at any lossy quality) stays at 80: never larger than the
 * fixed-quality pipeline made it.
 *
 * The search runs on crops, not the whole image: WebP's artefacts are local (16 px macroblocks), so
 * the most detailed few tiles at full resolution, encoded at each quality tried, tell what the
 * whole image would lose, at a fraction of the cost of encoding it whole each time. The chosen
 * quality is then checked on the whole image; one that misses there moves up a step, so the bar
 * holds for the file that is kept. At 80 there is no step up, so the whole image is not compared
 * again and the crops' figure is the one reported.
 */
import type { Document, Texture } from "@gltf-transform/core";
import type { default as Sharp, SharpOptions } from "sharp";
import { loadGltfCore, loadGltfExtensions, loadGltfFunctions } from "./packages";
import { meanSsim, ssimImage, type TSsimImage } from "./ssim";

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

async function rgba(
  sharp: TSharp,
  image: Uint8Array,
  size: [number, number] | null,
  options: SharpOptions = { limitInputPixels: true },
) {
  let pipeline = sharp(image, options);
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
 * Converts every texture of `document` to WebP within `maxSize` px a side (or the side `sides`
 * gives it, when smaller: what the model's size on screen needs, `texture-size.ts`) at the
 * quality its check allows; returns each texture's choice (in `listTextures()` order; null for
 * an image of a format we do not convert, left as it was). A damaged image throws.
 */
export async function compressTexturesPerceptually(
  document: Document,
  sharp: TSharp,
  maxSize: number,
  sides: ReadonlyMap<Texture, number> = new Map(),
): Promise<(TTextureChoice | null)[]> {
  const [{ fitWithin, getTextureColorSpace }, { EXTTextureWebP }, { FileUtils, ImageUtils }] =
    await Promise.all([loadGltfFunctions(), loadGltfExtensions(), loadGltfCore()]);
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
        const side = Math.min(maxSize, sides.get(texture) ?? maxSize);
        const target = fitWithin(size, [side, side]) as [number, number];
        // Decoded and resized once: the reference the checks compare against, and what each whole
        // encoding is made from (as gltf-transform's compressTexture would: lanczos3, "fill").
        const resized = await sharp(image, { limitInputPixels: true })
          .resize(target[0], target[1], { fit: "fill", kernel: "lanczos3" })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const raw = {
          raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels },
        };
        const reference = await rgba(sharp, resized.data, null, raw);
        const goal = getTextureColorSpace(texture) === "srgb" ? SSIM_TARGET.srgb : SSIM_TARGET.data;
        const crops = detailedCrops(reference);
        // Each original's side of the comparison is worked out once, for every quality tried.
        const cropReferences = crops.map((crop) => ssimImage(crop, SSIM_MAX_SIZE));
        let wholeReference: TSsimImage | null = null;
        // SSIM of the crops encoded at `quality`: the worst crop speaks for the image.
        const cropSsim = async (quality: number): Promise<number> => {
          // The crops are encoded side by side (sharp works on its own threads), then compared.
          const decoded = await Promise.all(
            crops.map(async (crop) => {
              const encoded = await sharp(
                Buffer.from(crop.data.buffer, crop.data.byteOffset, crop.data.byteLength),
                { raw: { width: crop.width, height: crop.height, channels: 4 } },
              )
                .webp({ quality })
                .toBuffer();
              return rgba(sharp, encoded, null);
            }),
          );
          return Math.min(
            1,
            ...cropReferences.map((prepared, i) =>
              meanSsim(prepared, decoded[i] ?? reference, SSIM_MAX_SIZE),
            ),
          );
        };
        const encodeWhole = async (quality: number) => {
          const bytes = new Uint8Array(await sharp(resized.data, raw).webp({ quality }).toBuffer());
          wholeReference ??= ssimImage(reference, SSIM_MAX_SIZE);
          return { bytes, ssim: meanSsim(wholeReference, await rgba(sharp, bytes, null), SSIM_MAX_SIZE) };
        };
        // The lowest quality whose crops reach the goal, by halves over the list (best first).
        let best = 0;
        let low = 1;
        let high = WEBP_QUALITIES.length - 1;
        const atDefault = await cropSsim(WEBP_QUALITIES[0]);
        if (atDefault >= goal) {
          while (low <= high) {
            const middle = (low + high) >> 1;
            if ((await cropSsim(WEBP_QUALITIES[middle] ?? 80)) >= goal) {
              best = middle;
              low = middle + 1;
            } else high = middle - 1;
          }
        }
        // The whole image has the last word: below the goal, one step up at a time (never above 80).
        // At 80 there is no step up, so its crops' figure (the most detailed tiles) is the report's.
        let chosen =
          best === 0
            ? {
                bytes: new Uint8Array(
                  await sharp(resized.data, raw).webp({ quality: WEBP_QUALITIES[0] }).toBuffer(),
                ),
                ssim: atDefault,
              }
            : await encodeWhole(WEBP_QUALITIES[best] ?? 80);
        while (best > 0 && chosen.ssim < goal) {
          best -= 1;
          chosen = await encodeWhole(WEBP_QUALITIES[best] ?? 80);
        }
        const extension = uri ? FileUtils.extension(uri) : ImageUtils.mimeTypeToExtension(mimeType);
        texture
          .setImage(chosen.bytes)
          .setMimeType("image/webp")
          .setURI(uri.replace(new RegExp(`\\.${extension}$`), ".webp"));
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
