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
        const tried = new Map<number, { bytes: Uint8Array; mimeType: string; uri: string; ssim: number }>();
        const encode = async (quality: number) => {
          const known = tried.get(quality);
          if (known) return known;
          texture.setImage(image).setMimeType(mimeType).setURI(uri);
          await compressTexture(texture, {
            encoder: sharp,
            targetFormat: "webp",
            resize: [maxSize, maxSize],
            quality,
          });
          const bytes = texture.getImage() ?? image;
          const result = {
            bytes,
            mimeType: texture.getMimeType(),
            uri: texture.getURI(),
            ssim: similarity(reference, await rgba(sharp, bytes, null)),
          };
          tried.set(quality, result);
          return result;
        };
        // The lowest quality whose SSIM reaches the goal, by halves over the list (best first).
        let best = 0;
        let low = 1;
        let high = WEBP_QUALITIES.length - 1;
        if ((await encode(WEBP_QUALITIES[0])).ssim >= goal) {
          while (low <= high) {
            const middle = (low + high) >> 1;
            if ((await encode(WEBP_QUALITIES[middle] ?? 80)).ssim >= goal) {
              best = middle;
              low = middle + 1;
            } else high = middle - 1;
          }
        }
        const quality = WEBP_QUALITIES[best] ?? 80;
        const chosen = await encode(quality);
        texture.setImage(chosen.bytes).setMimeType(chosen.mimeType).setURI(chosen.uri);
        return { quality, ssim: Math.round(chosen.ssim * 10_000) / 10_000 };
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
