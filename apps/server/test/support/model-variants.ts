/**
 * Model variants an owner may bring, built in code (no network, so not the Khronos corpus
 * itself, but the shapes it holds): several buffers, data URIs, KHR extensions three.js draws,
 * compressed geometry, points and lines. Every "valid" variant passes the Khronos validator with
 * no error (the tests check it); the "nothing to draw" variants are valid too, but show nothing.
 */
import { type Document, NodeIO, type Primitive } from "@gltf-transform/core";
import {
  ALL_EXTENSIONS,
  EXTMeshGPUInstancing,
  KHRLightsPunctual,
  KHRMaterialsAnisotropy,
  KHRMaterialsClearcoat,
  KHRMaterialsEmissiveStrength,
  KHRMaterialsIOR,
  KHRMaterialsIridescence,
  KHRMaterialsSheen,
  KHRMaterialsSpecular,
  KHRMaterialsTransmission,
  KHRMaterialsUnlit,
  KHRMaterialsVariants,
  KHRMaterialsVolume,
  KHRTextureBasisu,
  KHRTextureTransform,
} from "@gltf-transform/extensions";
import { draco, meshopt, quantize } from "@gltf-transform/functions";
import draco3d from "draco3dgltf";
import {
  createDefaultContainer,
  KHR_DF_MODEL_UASTC,
  KHR_DF_PRIMARIES_BT709,
  KHR_DF_TRANSFER_SRGB,
  write as writeKtx2,
} from "ktx-parse";
import { MeshoptDecoder, MeshoptEncoder } from "meshoptimizer";
import sharp from "sharp";
import type { TPart } from "./content-server";
import { gradientPng, texturedBoxDocument } from "./models";

/** One upload: a label and its parts. */
export interface TVariant {
  label: string;
  parts: TPart[];
}

async function io(): Promise<NodeIO> {
  await Promise.all([MeshoptEncoder.ready, MeshoptDecoder.ready]);
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    "draco3d.encoder": await draco3d.createEncoderModule(),
    "draco3d.decoder": await draco3d.createDecoderModule(),
    "meshopt.encoder": MeshoptEncoder,
    "meshopt.decoder": MeshoptDecoder,
  });
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

/** The parts of a multi-file `.gltf` written from `document`. */
async function gltfParts(name: string, document: Document): Promise<TPart[]> {
  const { json, resources } = await (await io()).writeJSON(document);
  return [
    { name, type: "model/gltf+json", bytes: JSON.stringify(json) },
    ...Object.entries(resources).map(([uri, bytes]) => ({ name: decodeURIComponent(uri), bytes })),
  ];
}

/** One `.gltf` file with every buffer and image inlined as a data URI. */
async function dataUriGltf(name: string, document: Document, bufferType: string): Promise<TPart[]> {
  const { json, resources } = await (await io()).writeJSON(document);
  for (const buffer of json.buffers ?? []) {
    const bytes = buffer.uri ? resources[buffer.uri] : undefined;
    if (bytes) buffer.uri = `data:${bufferType};base64,${base64(bytes)}`;
  }
  for (const image of json.images ?? []) {
    const bytes = image.uri ? resources[image.uri] : undefined;
    if (bytes) image.uri = `data:${image.mimeType ?? "image/png"};base64,${base64(bytes)}`;
  }
  return [{ name, type: "model/gltf+json", bytes: JSON.stringify(json) }];
}

async function glbPart(name: string, document: Document): Promise<TPart[]> {
  return [{ name, bytes: await (await io()).writeBinary(document) }];
}

/** A textured box with its own `box.png` texture. */
async function box(): Promise<Document> {
  return texturedBoxDocument(await gradientPng(64));
}

function firstPrimitive(document: Document): Primitive {
  const primitive = document.getRoot().listMeshes()[0]?.listPrimitives()[0];
  if (!primitive) throw new Error("no primitive");
  return primitive;
}

/** Moves the indices and the UVs of the box into buffers of their own. */
function splitBuffers(document: Document, count: 2 | 3): Document {
  const primitive = firstPrimitive(document);
  const second = document.createBuffer().setURI("box-indices.bin");
  primitive.getIndices()?.setBuffer(second);
  const third = count === 3 ? document.createBuffer().setURI("box-uv.bin") : second;
  primitive.getAttribute("TEXCOORD_0")?.setBuffer(third);
  return document;
}

/** A box whose only material is `material`. */
async function boxWith(edit: (document: Document) => void): Promise<Document> {
  const document = await box();
  edit(document);
  return document;
}

function material(document: Document) {
  const found = document.getRoot().listMaterials()[0];
  if (!found) throw new Error("no material");
  return found;
}

async function primitiveModeBox(mode: 0 | 1 | 3): Promise<Document> {
  const document = await box();
  const primitive = firstPrimitive(document);
  // Drop the indices: the box's 24 corners become points, or 12 line segments.
  primitive.setIndices(null).setMode(mode);
  return document;
}

/** Every valid variant: each must become a `ready` content. */
export async function validModelVariants(): Promise<TVariant[]> {
  const png = await gradientPng(64);
  const webp = new Uint8Array(await sharp(png).webp().toBuffer());
  const variants: TVariant[] = [];
  const add = (label: string, parts: TPart[]) => variants.push({ label, parts });

  add("a .gltf with two .bin buffers", await gltfParts("two-buffers.gltf", splitBuffers(await box(), 2)));
  add("a .gltf with three .bin buffers", await gltfParts("three-buffers.gltf", splitBuffers(await box(), 3)));
  add(
    "a .gltf whose buffer and image are data URIs",
    await dataUriGltf("embedded.gltf", await box(), "application/octet-stream"),
  );
  add(
    "a .gltf with two data-URI buffers (application/gltf-buffer)",
    await dataUriGltf("embedded-two.gltf", splitBuffers(await box(), 2), "application/gltf-buffer"),
  );
  {
    // One buffer inline, one beside the file.
    const parts = await gltfParts("mixed.gltf", splitBuffers(await box(), 2));
    const [main, ...rest] = parts;
    const json = JSON.parse(String(main?.bytes)) as { buffers: Array<{ uri: string }> };
    const inline = rest.find((p) => p.name === "box-indices.bin");
    const first = json.buffers.find((b) => b.uri === "box-indices.bin");
    if (inline && first)
      first.uri = `data:application/octet-stream;base64,${base64(inline.bytes as Uint8Array)}`;
    add("a .gltf with one data-URI buffer and one .bin", [
      { name: "mixed.gltf", type: "model/gltf+json", bytes: JSON.stringify(json) },
      ...rest.filter((p) => p !== inline),
    ]);
  }
  add(
    "file names with spaces (URI-encoded)",
    await gltfParts(
      "spaced name.gltf",
      texturedBoxDocument(png, { bufferUri: "my box.bin", textureUri: "my wood.png" }),
    ),
  );
  add("a .gltf with an image in a buffer view, two buffers", await glbLikeGltf(splitBuffers(await box(), 2)));
  add(
    "KHR_texture_transform",
    await glbPart(
      "transform.glb",
      await boxWith((d) => {
        const info = material(d).getBaseColorTextureInfo();
        const ext = d.createExtension(KHRTextureTransform);
        info?.setExtension(
          "KHR_texture_transform",
          ext.createTransform().setScale([2, 2]).setRotation(0.3).setOffset([0.1, 0]),
        );
      }),
    ),
  );
  add(
    "KHR_materials_* (clearcoat, sheen, specular, ior, transmission, volume, iridescence, anisotropy, emissive_strength)",
    await gltfParts(
      "materials.gltf",
      await boxWith((d) => {
        const m = material(d).setEmissiveFactor([1, 0.5, 0]);
        m.setExtension(
          "KHR_materials_clearcoat",
          d.createExtension(KHRMaterialsClearcoat).createClearcoat().setClearcoatFactor(1),
        );
        m.setExtension(
          "KHR_materials_sheen",
          d.createExtension(KHRMaterialsSheen).createSheen().setSheenColorFactor([1, 0, 0]),
        );
        m.setExtension(
          "KHR_materials_specular",
          d.createExtension(KHRMaterialsSpecular).createSpecular().setSpecularFactor(0.5),
        );
        m.setExtension("KHR_materials_ior", d.createExtension(KHRMaterialsIOR).createIOR().setIOR(1.45));
        m.setExtension(
          "KHR_materials_transmission",
          d.createExtension(KHRMaterialsTransmission).createTransmission().setTransmissionFactor(0.5),
        );
        m.setExtension(
          "KHR_materials_volume",
          d.createExtension(KHRMaterialsVolume).createVolume().setThicknessFactor(0.1),
        );
        m.setExtension(
          "KHR_materials_iridescence",
          d.createExtension(KHRMaterialsIridescence).createIridescence().setIridescenceFactor(1),
        );
        m.setExtension(
          "KHR_materials_anisotropy",
          d.createExtension(KHRMaterialsAnisotropy).createAnisotropy().setAnisotropyStrength(0.5),
        );
        m.setExtension(
          "KHR_materials_emissive_strength",
          d.createExtension(KHRMaterialsEmissiveStrength).createEmissiveStrength().setEmissiveStrength(2),
        );
      }),
    ),
  );
  add(
    "KHR_materials_unlit",
    await glbPart(
      "unlit.glb",
      await boxWith((d) =>
        material(d).setExtension("KHR_materials_unlit", d.createExtension(KHRMaterialsUnlit).createUnlit()),
      ),
    ),
  );
  add(
    "KHR_materials_variants",
    await glbPart(
      "variants.glb",
      await boxWith((d) => {
        const ext = d.createExtension(KHRMaterialsVariants);
        const red = d.createMaterial("Red").setBaseColorFactor([1, 0, 0, 1]);
        const variant = ext.createVariant("Red");
        const mapping = ext.createMapping().setMaterial(red).addVariant(variant);
        firstPrimitive(d).setExtension("KHR_materials_variants", ext.createMappingList().addMapping(mapping));
      }),
    ),
  );
  add(
    "KHR_lights_punctual",
    await glbPart(
      "lights.glb",
      await boxWith((d) => {
        const ext = d.createExtension(KHRLightsPunctual);
        const light = ext.createLight("Sun").setType("directional").setIntensity(2);
        const node = d.createNode("Light").setExtension("KHR_lights_punctual", light);
        d.getRoot().listScenes()[0]?.addChild(node);
      }),
    ),
  );
  add(
    "EXT_mesh_gpu_instancing",
    await glbPart(
      "instancing.glb",
      await boxWith((d) => {
        const ext = d.createExtension(EXTMeshGPUInstancing).setRequired(false);
        const buffer = d.getRoot().listBuffers()[0] ?? null;
        const translation = d
          .createAccessor()
          .setType("VEC3")
          .setArray(new Float32Array([0, 0, 0, 2, 0, 0, 4, 0, 0]))
          .setBuffer(buffer);
        const node = d.getRoot().listNodes()[0];
        node?.setExtension(
          "EXT_mesh_gpu_instancing",
          ext.createInstancedMesh().setAttribute("TRANSLATION", translation),
        );
      }),
    ),
  );
  add("EXT_texture_webp (a .webp file beside the .gltf)", await gltfParts("webp.gltf", await webpBox(webp)));
  add("KHR_texture_basisu (a .ktx2 file beside the .gltf)", await gltfParts("basisu.gltf", basisuBox()));
  add("KHR_mesh_quantization", await glbPart("quantized.glb", await transformed(await box(), "quantize")));
  add("KHR_draco_mesh_compression", await glbPart("draco.glb", await transformed(await box(), "draco")));
  add("EXT_meshopt_compression", await glbPart("meshopt.glb", await transformed(await box(), "meshopt")));
  add("points only", await glbPart("points.glb", await primitiveModeBox(0)));
  add("lines only", await glbPart("lines.glb", await primitiveModeBox(1)));
  add("triangles without indices", await glbPart("unindexed.glb", await primitiveModeBox(3)));
  {
    const document = await box();
    const root = document.getRoot();
    const boxNode = root.listNodes()[0];
    if (!boxNode) throw new Error("no node");
    // The first scene keeps only an empty node (an empty scene is not valid).
    root.listScenes()[0]?.removeChild(boxNode).addChild(document.createNode("Placeholder"));
    const outer = document.createNode("Outer").addChild(document.createNode("Inner").addChild(boxNode));
    root.setDefaultScene(document.createScene("Second").addChild(outer));
    add(
      "a default scene that is not the first, the mesh three nodes deep",
      await glbPart("deep.glb", document),
    );
  }
  return variants;
}

/** The box with a WebP texture named `box.webp` (EXT_texture_webp). */
async function webpBox(webp: Uint8Array): Promise<Document> {
  const { EXTTextureWebP } = await import("@gltf-transform/extensions");
  const document = texturedBoxDocument(webp, { textureUri: "box.webp" });
  document.getRoot().listTextures()[0]?.setMimeType("image/webp");
  document.createExtension(EXTTextureWebP).setRequired(true);
  return document;
}

/**
 * A 4×4 KTX 2.0 texture holding one UASTC block (all zero: a flat colour). The validator does
 * not check KHR_texture_basisu payloads; the container is what an owner's upload carries.
 */
function uastcKtx2(): Uint8Array {
  const container = createDefaultContainer();
  container.pixelWidth = 4;
  container.pixelHeight = 4;
  const [dfd] = container.dataFormatDescriptor;
  if (dfd) {
    dfd.colorModel = KHR_DF_MODEL_UASTC;
    dfd.transferFunction = KHR_DF_TRANSFER_SRGB;
    dfd.colorPrimaries = KHR_DF_PRIMARIES_BT709;
    dfd.texelBlockDimension = [3, 3, 0, 0];
    dfd.bytesPlane = [16, 0, 0, 0, 0, 0, 0, 0];
    dfd.samples = [
      {
        bitOffset: 0,
        bitLength: 127,
        channelType: 0,
        samplePosition: [0, 0, 0, 0],
        sampleLower: 0,
        sampleUpper: 0xffffffff,
      },
    ];
  }
  container.levels = [{ levelData: new Uint8Array(16), uncompressedByteLength: 16 }];
  return writeKtx2(container);
}

/** The box with a KTX 2.0 texture `box.ktx2` (KHR_texture_basisu, required). */
function basisuBox(): Document {
  const document = texturedBoxDocument(uastcKtx2(), { textureUri: "box.ktx2" });
  document.getRoot().listTextures()[0]?.setMimeType("image/ktx2");
  document.createExtension(KHRTextureBasisu).setRequired(true);
  return document;
}

/** A `.gltf` whose image lives in a buffer view (the GLB way) and whose data spans two buffers. */
async function glbLikeGltf(document: Document): Promise<TPart[]> {
  const { json, resources } = await (await io()).writeJSON(document);
  const image = json.images?.[0];
  const buffer = json.buffers?.[0];
  const bytes = image?.uri ? resources[image.uri] : undefined;
  const bin = buffer?.uri ? resources[buffer.uri] : undefined;
  if (!image || !buffer?.uri || !bytes || !bin) throw new Error("unexpected layout");
  // Append the PNG to the first buffer, 4-byte aligned, and point the image at a view of it.
  const offset = Math.ceil(bin.byteLength / 4) * 4;
  const joined = new Uint8Array(offset + bytes.byteLength);
  joined.set(bin);
  joined.set(bytes, offset);
  json.bufferViews ??= [];
  json.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.byteLength });
  image.bufferView = json.bufferViews.length - 1;
  delete image.uri;
  buffer.byteLength = joined.byteLength;
  const files: TPart[] = [{ name: "in-view.gltf", type: "model/gltf+json", bytes: JSON.stringify(json) }];
  for (const [uri, data] of Object.entries(resources)) {
    if (uri === "box.png") continue;
    files.push({ name: uri, bytes: uri === buffer.uri ? joined : data });
  }
  return files;
}

async function transformed(document: Document, how: "quantize" | "draco" | "meshopt"): Promise<Document> {
  await io();
  if (how === "quantize") await document.transform(quantize());
  if (how === "draco") await document.transform(draco());
  if (how === "meshopt") await document.transform(meshopt({ encoder: MeshoptEncoder }));
  return document;
}

/** Valid models with nothing to draw, each with the reason the owner should read. */
export async function emptyModelVariants(): Promise<Array<TVariant & { reason: "noScene" | "noMesh" }>> {
  const noScene = await box();
  for (const scene of noScene.getRoot().listScenes()) scene.dispose();
  const noMesh = await box();
  for (const mesh of noMesh.getRoot().listMeshes()) mesh.dispose();
  const unreachable = await box();
  const node = unreachable.getRoot().listNodes()[0];
  if (node)
    unreachable.getRoot().listScenes()[0]?.removeChild(node).addChild(unreachable.createNode("Empty"));
  return [
    {
      label: "only an asset",
      parts: [{ name: "nothing.gltf", bytes: '{"asset":{"version":"2.0"}}' }],
      reason: "noScene",
    },
    { label: "meshes but no scene", parts: await glbPart("no-scene.glb", noScene), reason: "noScene" },
    { label: "a scene without meshes", parts: await glbPart("no-mesh.glb", noMesh), reason: "noMesh" },
    {
      label: "a mesh no scene reaches",
      parts: await glbPart("unreachable.glb", unreachable),
      reason: "noMesh",
    },
  ];
}
