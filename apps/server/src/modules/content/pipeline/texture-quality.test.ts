import { Document } from "@gltf-transform/core";
import sharp from "sharp";
import { ssim } from "ssim.js";
import { describe, expect, it } from "vitest";
import { compressTexturesPerceptually, detailedCrops, SSIM_TARGET, WEBP_QUALITIES } from "./texture-quality";

/** A PNG of `size`² pixels: flat, a smooth gradient, or fine noise (seeded). */
async function png(size: number, kind: "flat" | "gradient" | "noise"): Promise<Uint8Array> {
  const data = Buffer.alloc(size * size * 3);
  let seed = 7;
  for (let i = 0; i < size * size; i++) {
    const x = i % size;
    const y = Math.floor(i / size);
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const noise = seed % 256;
    const v = kind === "flat" ? 180 : kind === "gradient" ? Math.round(((x + y) / (2 * size)) * 255) : noise;
    data[i * 3] = v;
    data[i * 3 + 1] = kind === "noise" ? (noise * 7) % 256 : 120;
    data[i * 3 + 2] = kind === "noise" ? (noise * 13) % 256 : 60;
  }
  return new Uint8Array(
    await sharp(data, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/** A document with one material using `base` as its colour and `normal` as its normal map. */
function documentWith(base: Uint8Array, normal: Uint8Array): Document {
  const document = new Document();
  const baseTexture = document
    .createTexture("base")
    .setImage(base)
    .setMimeType("image/png")
    .setURI("base.png");
  const normalTexture = document
    .createTexture("normal")
    .setImage(normal)
    .setMimeType("image/png")
    .setURI("normal.png");
  document.createMaterial("paint").setBaseColorTexture(baseTexture).setNormalTexture(normalTexture);
  return document;
}

async function pixels(image: Uint8Array) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

describe("textures at the quality a perceptual check allows", () => {
  it("writes a smooth image at a low quality and a detailed one higher, each within its SSIM bar", async () => {
    const document = documentWith(await png(256, "gradient"), await png(256, "noise"));
    const originals = document
      .getRoot()
      .listTextures()
      .map((t) => t.getImage() as Uint8Array);
    const choices = await compressTexturesPerceptually(document, sharp, 2048);
    const [smooth, detailed] = choices;
    expect(smooth?.quality).toBeLessThan(detailed?.quality ?? 0);
    expect(WEBP_QUALITIES).toContain(smooth?.quality);
    const textures = document.getRoot().listTextures();
    expect(textures.map((t) => [t.getMimeType(), t.getURI()])).toEqual([
      ["image/webp", "base.webp"],
      ["image/webp", "normal.webp"],
    ]);
    // The kept figures are the files': SSIM of each WebP against its original.
    for (const [i, texture] of textures.entries()) {
      const measured = ssim(
        await pixels(originals[i] as Uint8Array),
        await pixels(texture.getImage() as Uint8Array),
        {
          downsample: "original",
          maxSize: 512,
        },
      ).mssim;
      expect(measured).toBeCloseTo(choices[i]?.ssim ?? 0, 3);
    }
    // Colour reads by eye; the normal map is data and keeps the stricter bar (or the default quality).
    expect(smooth?.ssim).toBeGreaterThanOrEqual(SSIM_TARGET.srgb);
    expect(detailed?.quality === WEBP_QUALITIES[0] || (detailed?.ssim ?? 0) >= SSIM_TARGET.data).toBe(true);
    expect(
      document
        .getRoot()
        .listExtensionsUsed()
        .map((e) => e.extensionName),
    ).toContain("EXT_texture_webp");
  });

  it("resizes to the largest size first", async () => {
    const document = documentWith(await png(512, "flat"), await png(64, "flat"));
    await compressTexturesPerceptually(document, sharp, 256);
    const sizes = await Promise.all(
      document
        .getRoot()
        .listTextures()
        .map(async (t) => {
          const meta = await sharp(t.getImage() as Uint8Array).metadata();
          return [meta.width, meta.height];
        }),
    );
    expect(sizes).toEqual([
      [256, 256],
      [64, 64],
    ]);
  });

  it("throws on a damaged image, so processing says so", async () => {
    const document = documentWith(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), await png(16, "flat"));
    await expect(compressTexturesPerceptually(document, sharp, 2048)).rejects.toThrow();
  });

  it("searches on the most detailed crops, and the whole large image still keeps its bar", async () => {
    // 1024² of smooth gradient with fine noise in its lower right quarter only.
    const size = 1024;
    const data = Buffer.alloc(size * size * 3);
    let seed = 11;
    for (let i = 0; i < size * size; i++) {
      const x = i % size;
      const y = Math.floor(i / size);
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) & 0x7fffffff;
      const isNoisy = x >= 512 && y >= 512;
      data[i * 3] = isNoisy ? seed % 256 : Math.round((x / size) * 255);
      data[i * 3 + 1] = isNoisy ? (seed >> 8) % 256 : 120;
      data[i * 3 + 2] = isNoisy ? (seed >> 16) % 256 : Math.round((y / size) * 255);
    }
    const image = new Uint8Array(
      await sharp(data, { raw: { width: size, height: size, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const crops = detailedCrops(await pixels(image));
    expect(crops).toHaveLength(4);
    // Every crop is 256² and comes from the noisy quarter (its pixels vary a lot).
    for (const crop of crops) {
      expect([crop.width, crop.height]).toEqual([256, 256]);
      const reds = new Set<number>();
      for (let i = 0; i < 256 * 4; i += 4) reds.add(crop.data[i] ?? 0);
      expect(reds.size).toBeGreaterThan(100);
    }

    const document = documentWith(image, await png(16, "flat"));
    const [choice] = await compressTexturesPerceptually(document, sharp, 2048);
    const kept = document.getRoot().listTextures()[0]?.getImage() as Uint8Array;
    const measured = ssim(await pixels(image), await pixels(kept), {
      downsample: "original",
      maxSize: 512,
    }).mssim;
    expect(measured).toBeCloseTo(choice?.ssim ?? 0, 3);
    expect(choice?.quality === WEBP_QUALITIES[0] || measured >= SSIM_TARGET.srgb).toBe(true);
  });

  it("converts an image narrower than the SSIM window at the default quality (ssim.js threw on it)", async () => {
    const strip = new Uint8Array(
      await sharp(Buffer.alloc(4 * 64 * 3, 90), { raw: { width: 4, height: 64, channels: 3 } })
        .png()
        .toBuffer(),
    );
    expect(() =>
      ssim(
        { data: new Uint8ClampedArray(4 * 64 * 4), width: 4, height: 64 } as ImageData,
        {
          data: new Uint8ClampedArray(4 * 64 * 4),
          width: 4,
          height: 64,
        } as ImageData,
      ),
    ).toThrow();
    const document = documentWith(strip, await png(16, "flat"));
    const [choice] = await compressTexturesPerceptually(document, sharp, 2048);
    expect(choice?.quality).toBe(WEBP_QUALITIES[0]);
    expect(document.getRoot().listTextures()[0]?.getMimeType()).toBe("image/webp");
  });
});
