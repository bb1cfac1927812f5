/**
 * KTX2 beside WebP (issue 16: "WebP, or KTX2 where it is smaller"): every texture the pipeline
 * converts in the bench's textured models, as the pipeline's WebP (its file, at the quality its
 * check chose) and as KTX2 with Basis Universal (ETC1S and UASTC + Zstandard, mipmaps, as three.js
 * would upload them), from the same image resized to the pipeline's largest side.
 *
 *   npx tsx bench/model-pipeline/ktx2.ts
 *
 * The encoder (`ktx2-encoder`, basis_universal in WebAssembly) is installed into
 * `bench/model-pipeline/ktx2` on first use (its own lock file), so CI never downloads it. Prints
 * bytes and encoding time; never fails on figures.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { NodeIO } from "@gltf-transform/core";
import { ALL_EXTENSIONS } from "@gltf-transform/extensions";
import { MeshoptDecoder } from "meshoptimizer";
import sharp from "sharp";
import { MAX_TEXTURE_SIZE, optimizeModel } from "../../apps/server/src/modules/content/pipeline/pipeline";
import { gradientPng, texturedBoxDocument } from "../../apps/server/test/support/models";
import { installOnFirstUse } from "../support/first-use";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const encoderDir = join(here, "ktx2");

type TEncode = (image: Uint8Array, options: Record<string, unknown>) => Promise<Uint8Array>;

async function main(): Promise<void> {
  installOnFirstUse(encoderDir, "ktx2-encoder");
  const { encodeToKTX2 } = (await import(
    join(encoderDir, "node_modules", "ktx2-encoder", "dist", "node", "index.js")
  )) as { encodeToKTX2: TEncode };
  const imageDecoder = async (buffer: Uint8Array) => {
    const { data, info } = await sharp(buffer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height };
  };
  await MeshoptDecoder.ready;
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    "meshopt.decoder": MeshoptDecoder,
  });
  const models: [string, Uint8Array][] = [
    ["Radio.glb", new Uint8Array(readFileSync(join(root, "fixtures", "models", "Radio.glb")))],
    ["box-4096-noisy.glb", await new NodeIO().writeBinary(texturedBoxDocument(await gradientPng(4096, 16)))],
  ];
  console.log("| model | texture | size | pipeline WebP | KTX2 ETC1S | KTX2 UASTC + Zstd | ETC1S / WebP |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const [name, bytes] of models) {
    const sources = (await io.readBinary(bytes)).getRoot().listTextures();
    const served = (await io.readBinary((await optimizeModel(bytes)).bytes)).getRoot().listTextures();
    for (const [i, texture] of sources.entries()) {
      const image = texture.getImage();
      const webp = served[i]?.getImage();
      if (!image || !webp) continue;
      // The image the pipeline encodes: resized to fit its largest side.
      const resized = await sharp(image)
        .resize(MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE, {
          fit: "inside",
          withoutEnlargement: true,
          kernel: "lanczos3",
        })
        .png()
        .toBuffer();
      const { width = 0, height = 0 } = await sharp(resized).metadata();
      const timed = async (options: Record<string, unknown>) => {
        const started = performance.now();
        const ktx2 = await encodeToKTX2(new Uint8Array(resized), {
          ...options,
          generateMipmap: true,
          imageDecoder,
        });
        return { bytes: ktx2.byteLength, ms: performance.now() - started };
      };
      const etc1s = await timed({ isUASTC: false });
      const uastc = await timed({ isUASTC: true, enableSupercompression: true });
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      console.log(
        `| ${name} | ${texture.getName() || i} | ${width}×${height} | ${kb(webp.byteLength)} | ${kb(etc1s.bytes)} (${Math.round(etc1s.ms)} ms) | ${kb(uastc.bytes)} (${Math.round(uastc.ms)} ms) | ${(etc1s.bytes / webp.byteLength).toFixed(1)}× |`,
      );
    }
  }
}

await main();
