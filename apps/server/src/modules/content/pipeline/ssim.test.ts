import sharp from "sharp";
import { ssim } from "ssim.js";
import { describe, expect, it } from "vitest";
import { meanSsim, ssimImage, type TRgbaPixels } from "./ssim";

const MAX_SIZE = 512;

/** `width` × `height` RGBA: a gradient with seeded noise of `noise` levels. */
function image(width: number, height: number, noise: number, seed: number): TRgbaPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  let state = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
      const jitter = (state % (2 * noise + 1)) - noise;
      const at = (y * width + x) * 4;
      data[at] = ((x * 255) / width + jitter) | 0;
      data[at + 1] = ((y * 255) / height - jitter) | 0;
      data[at + 2] = (((x + y) * 127) / (width + height) + 2 * jitter) | 0;
      data[at + 3] = 255;
    }
  }
  return { data, width, height };
}

/** The same image through WebP at `quality` (what the texture check compares). */
async function throughWebp(source: TRgbaPixels, quality: number): Promise<TRgbaPixels> {
  const raw = { raw: { width: source.width, height: source.height, channels: 4 as const } };
  const webp = await sharp(Buffer.from(source.data as Uint8ClampedArray), raw)
    .webp({ quality })
    .toBuffer();
  const { data, info } = await sharp(webp).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

describe("SSIM for the texture check", () => {
  it("equals ssim.js's figure to the last digit: crops, odd sizes, and images it downsamples by 2, 3 and 4", async () => {
    const cases: [number, number, number][] = [
      [256, 256, 40],
      [37, 300, 90],
      [700, 300, 60],
      [1024, 1024, 40],
      [1536, 1536, 70],
      [2048, 2048, 50],
    ];
    for (const [width, height, quality] of cases) {
      const original = image(width, height, 30, width + height);
      const encoded = await throughWebp(original, quality);
      const theirs = ssim(original as ImageData, encoded as ImageData, {
        downsample: "original",
        maxSize: MAX_SIZE,
      });
      const ours = meanSsim(ssimImage(original, MAX_SIZE), encoded, MAX_SIZE);
      expect({ width, height, ssim: ours }).toEqual({ width, height, ssim: theirs.mssim });
      expect(ours).toBeLessThan(1);
    }
  });

  it("is 1 for the same image, lower the more it is damaged, and 0 for a different size or a tiny image", async () => {
    const original = image(300, 300, 20, 3);
    const prepared = ssimImage(original, MAX_SIZE);
    expect(meanSsim(prepared, original, MAX_SIZE)).toBe(1);
    const light = meanSsim(prepared, await throughWebp(original, 90), MAX_SIZE);
    const heavy = meanSsim(prepared, await throughWebp(original, 5), MAX_SIZE);
    expect(heavy).toBeLessThan(light);
    expect(meanSsim(prepared, image(300, 299, 20, 3), MAX_SIZE)).toBe(0);
    expect(meanSsim(ssimImage(image(8, 8, 0, 1), MAX_SIZE), image(8, 8, 0, 1), MAX_SIZE)).toBe(0);
  });
});
