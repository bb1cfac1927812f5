/**
 * Writes processed copies of the sample Radio for the engine's browser test, the way uploads
 * arrive: `radio-meshopt.glb` (EXT_meshopt_compression + EXT_texture_webp, like the server's
 * pipeline output) and `radio-draco.glb` (KHR_draco_mesh_compression, like some originals),
 * and `flat-blue.glb` (one flat-coloured square, for the true-colour check).
 * Usage: node make-models.mjs <fixtures/models> <out dir>
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Document, NodeIO } from "@gltf-transform/core";
import { ALL_EXTENSIONS } from "@gltf-transform/extensions";
import { draco, meshopt, textureCompress } from "@gltf-transform/functions";
import draco3d from "draco3dgltf";
import { MeshoptEncoder } from "meshoptimizer";
import sharp from "sharp";

const [source, out] = process.argv.slice(2);
if (!source || !out) throw new Error("usage: make-models.mjs <models dir> <out dir>");
mkdirSync(out, { recursive: true });
await MeshoptEncoder.ready;
const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
  "draco3d.encoder": await draco3d.createEncoderModule(),
  "meshopt.encoder": MeshoptEncoder,
});

const packed = await io.read(join(source, "Radio.glb"));
await packed.transform(
  textureCompress({ encoder: sharp, targetFormat: "webp" }),
  meshopt({ encoder: MeshoptEncoder, level: "medium" }),
);
await io.write(join(out, "radio-meshopt.glb"), packed);

const compressed = await io.read(join(source, "Radio.glb"));
await compressed.transform(draco());
await io.write(join(out, "radio-draco.glb"), compressed);

// A flat square facing the camera (+Z), base colour (0, 0.3, 0.8) linear, fully rough: what a
// product's plain painted face looks like; sRGB (0, 149, 231) is the colour it should show as.
const flat = new Document();
const flatBuffer = flat.createBuffer();
const square = flat
  .createPrimitive()
  .setAttribute(
    "POSITION",
    flat
      .createAccessor()
      .setType("VEC3")
      .setArray(new Float32Array([-0.5, -0.5, 0, 0.5, -0.5, 0, 0.5, 0.5, 0, -0.5, 0.5, 0]))
      .setBuffer(flatBuffer),
  )
  .setAttribute(
    "NORMAL",
    flat
      .createAccessor()
      .setType("VEC3")
      .setArray(new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]))
      .setBuffer(flatBuffer),
  )
  .setIndices(
    flat
      .createAccessor()
      .setType("SCALAR")
      .setArray(new Uint16Array([0, 1, 2, 0, 2, 3]))
      .setBuffer(flatBuffer),
  )
  .setMaterial(
    flat
      .createMaterial("blue")
      .setBaseColorFactor([0, 0.3, 0.8, 1])
      .setMetallicFactor(0)
      .setRoughnessFactor(1),
  );
flat
  .createScene()
  .addChild(flat.createNode("square").setMesh(flat.createMesh("square").addPrimitive(square)));
await io.write(join(out, "flat-blue.glb"), flat);
