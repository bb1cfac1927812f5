/**
 * Textures sized for the model's size on screen (issue 16): a sticker covering a small part of a
 * product gets the pixels a zoomed-in view of it needs, not its upload's 2048; a texture wrapping
 * the whole product keeps its size; what cannot be measured keeps the pipeline's largest size.
 */
import type { Document, NodeIO, Texture } from "@gltf-transform/core";
import { KHRTextureTransform } from "@gltf-transform/extensions";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { gradientPng, servedModelIo, texturedBoxDocument } from "../../../../test/support/models";
import { optimizeModel } from "./pipeline";
import { MIN_TEXTURE_SIDE, textureSides, VIEW_PIXELS, ZOOM_MARGIN } from "./texture-size";

/** The box of side 1 (its texture on every face) with a sticker of `side` × `side` on its front. */
async function boxWithSticker(side: number, stickerPx = 2048): Promise<Document> {
  const document = texturedBoxDocument(await gradientPng(1024));
  const root = document.getRoot();
  const buffer = root.listBuffers()[0] ?? null;
  const z = 0.501;
  const accessor = (type: "VEC2" | "VEC3" | "SCALAR", array: Float32Array | Uint16Array) =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const h = side / 2;
  const texture = document
    .createTexture("Sticker")
    .setImage(await gradientPng(stickerPx))
    .setMimeType("image/png");
  const primitive = document
    .createPrimitive()
    .setAttribute("POSITION", accessor("VEC3", new Float32Array([-h, -h, z, h, -h, z, h, h, z, -h, h, z])))
    .setAttribute("NORMAL", accessor("VEC3", new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1])))
    .setAttribute("TEXCOORD_0", accessor("VEC2", new Float32Array([0, 1, 1, 1, 1, 0, 0, 0])))
    .setIndices(accessor("SCALAR", new Uint16Array([0, 1, 2, 0, 2, 3])))
    .setMaterial(document.createMaterial("Sticker").setBaseColorTexture(texture));
  const node = document.createNode("Sticker").setMesh(document.createMesh("Sticker").addPrimitive(primitive));
  root.listScenes()[0]?.addChild(node);
  return document;
}

function byName(sides: Map<Texture, number>): Record<string, number> {
  return Object.fromEntries([...sides].map(([texture, side]) => [texture.getName(), side]));
}

let io: NodeIO;

beforeAll(async () => {
  io = await servedModelIo();
});

describe("textureSides", () => {
  it("gives a small sticker the pixels a quarter of the model filling 2048 px needs, and the box all", async () => {
    const sides = byName(textureSides(await boxWithSticker(0.05)));
    // The model is the unit box (1.001 deep with the sticker); the sticker is 1/20 of it:
    // 2048 × 4 / 20 ≈ 410 px. The box's faces need the full 8192, so the 2048 cap decides.
    expect(sides.Sticker).toBeGreaterThanOrEqual(408);
    expect(sides.Sticker).toBeLessThanOrEqual(Math.ceil(VIEW_PIXELS * ZOOM_MARGIN * 0.05));
    expect(sides.Wood).toBeGreaterThan(8150);
  });

  it("never goes below its smallest side", async () => {
    expect(byName(textureSides(await boxWithSticker(0.001))).Sticker).toBe(MIN_TEXTURE_SIDE);
  });

  it("leaves a texture under KHR_texture_transform to the pipeline's largest size", async () => {
    const document = await boxWithSticker(0.05);
    const transform = document.createExtension(KHRTextureTransform);
    const sticker = document
      .getRoot()
      .listMaterials()
      .find((material) => material.getName() === "Sticker");
    sticker
      ?.getBaseColorTextureInfo()
      ?.setExtension("KHR_texture_transform", transform.createTransform().setScale([4, 4]));
    expect(byName(textureSides(document)).Sticker).toBeUndefined();
  });
});

describe("the pipeline", () => {
  it("serves the sticker's 2048 px upload at the size it needs, and the box's texture whole", async () => {
    const result = await optimizeModel(await io.writeBinary(await boxWithSticker(0.05)));
    const served = await io.readBinary(result.bytes);
    const widths: Record<string, number> = {};
    for (const texture of served.getRoot().listTextures()) {
      const image = texture.getImage();
      if (image) widths[texture.getName()] = (await sharp(image).metadata()).width ?? 0;
    }
    expect(widths.Wood).toBe(1024);
    expect(widths.Sticker).toBeGreaterThanOrEqual(408);
    expect(widths.Sticker).toBeLessThanOrEqual(Math.ceil(VIEW_PIXELS * ZOOM_MARGIN * 0.05));
  });
});
