/**
 * Models for tests, built in code with gltf-transform: a textured box as a multi-file `.gltf`
 * (JSON + `.bin` + `.png`), the same box as a `.glb`, and a box whose texture is damaged in a
 * way the validator cannot see (it reads image headers only) but the pipeline trips on.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Document, NodeIO } from "@gltf-transform/core";
import { ALL_EXTENSIONS } from "@gltf-transform/extensions";
import draco3d from "draco3dgltf";
import { MeshoptDecoder } from "meshoptimizer";
import sharp from "sharp";

/** An IO that reads what the pipeline serves (every extension, meshopt and Draco geometry decoded). */
export async function servedModelIo(): Promise<NodeIO> {
  await MeshoptDecoder.ready;
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    "meshopt.decoder": MeshoptDecoder,
    "draco3d.decoder": await draco3d.createDecoderModule(),
  });
}

/** A fixture of the repository's `fixtures/models` folder. */
export function fixtureModel(name: "Fox.glb" | "Radio.glb"): Uint8Array {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
  return new Uint8Array(readFileSync(join(root, "fixtures", "models", name)));
}

/** A PNG of `size`×`size`: a colour gradient with a little noise (so it does not compress to nothing). */
export async function gradientPng(size: number, noise = 24): Promise<Uint8Array> {
  const raw = Buffer.alloc(size * size * 3);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      const n = (random() - 0.5) * noise;
      raw[i] = Math.max(0, Math.min(255, (x / size) * 255 + n));
      raw[i + 1] = Math.max(0, Math.min(255, (y / size) * 255 + n));
      raw[i + 2] = Math.max(0, Math.min(255, 128 + n));
    }
  }
  return new Uint8Array(
    await sharp(raw, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

// A unit cube: 24 vertices (4 per face), 12 triangles.
function cubeArrays(): {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint16Array;
} {
  const faces: Array<[number[], number[], number[]]> = [
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    [
      [-1, 0, 0],
      [0, 1, 0],
      [0, 0, -1],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, -1, 0],
      [0, 0, -1],
      [1, 0, 0],
    ],
    [
      [0, 0, 1],
      [0, 1, 0],
      [-1, 0, 0],
    ],
    [
      [0, 0, -1],
      [0, 1, 0],
      [1, 0, 0],
    ],
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  faces.forEach(([n, u, v], f) => {
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      for (let k = 0; k < 3; k++) positions.push(((n[k] ?? 0) + a * (v[k] ?? 0) + b * (u[k] ?? 0)) * 0.5);
      normals.push(n[0] ?? 0, n[1] ?? 0, n[2] ?? 0);
      uvs.push((a + 1) / 2, (b + 1) / 2);
    }
    const o = f * 4;
    // Counter-clockwise seen from outside, so the faces point out.
    indices.push(o, o + 2, o + 1, o, o + 3, o + 2);
  });
  return {
    positions: new Float32Array(positions),
    normals: new Float32Array(normals),
    uvs: new Float32Array(uvs),
    indices: new Uint16Array(indices),
  };
}

/** A textured box document; its buffer is `box.bin` and its texture `box.png`. */
export function texturedBoxDocument(
  png: Uint8Array,
  options: { textureUri?: string; bufferUri?: string } = {},
): Document {
  const document = new Document();
  const buffer = document.createBuffer().setURI(options.bufferUri ?? "box.bin");
  const { positions, normals, uvs, indices } = cubeArrays();
  const texture = document
    .createTexture("Wood")
    .setImage(png)
    .setMimeType("image/png")
    .setURI(options.textureUri ?? "box.png");
  const material = document
    .createMaterial("Painted wood")
    .setBaseColorTexture(texture)
    .setMetallicFactor(0)
    .setRoughnessFactor(0.8);
  const primitive = document
    .createPrimitive()
    .setAttribute("POSITION", document.createAccessor().setType("VEC3").setArray(positions).setBuffer(buffer))
    .setAttribute("NORMAL", document.createAccessor().setType("VEC3").setArray(normals).setBuffer(buffer))
    .setAttribute("TEXCOORD_0", document.createAccessor().setType("VEC2").setArray(uvs).setBuffer(buffer))
    .setIndices(document.createAccessor().setType("SCALAR").setArray(indices).setBuffer(buffer))
    .setMaterial(material);
  const mesh = document.createMesh("Box").addPrimitive(primitive);
  const node = document.createNode("Box").setMesh(mesh);
  document.createScene("Scene").addChild(node);
  return document;
}

/** The files of a multi-file `.gltf` upload. */
export interface TGltfFiles {
  /** The JSON text, parsed (tests edit it to break URIs). */
  json: Record<string, unknown>;
  /** Resources by URI. */
  resources: Record<string, Uint8Array>;
}

/** A textured box as `.gltf` JSON plus `box.bin` and `box.png`. */
export async function texturedBoxGltf(textureSize = 64): Promise<TGltfFiles> {
  const document = texturedBoxDocument(await gradientPng(textureSize));
  const { json, resources } = await new NodeIO().writeJSON(document);
  return { json: json as unknown as Record<string, unknown>, resources };
}

/** A textured box as one `.glb`. */
export async function texturedBoxGlb(textureSize = 64, noise = 24): Promise<Uint8Array> {
  return new NodeIO().writeBinary(texturedBoxDocument(await gradientPng(textureSize, noise)));
}

/**
 * A `.glb` whose PNG keeps a valid signature and chunk layout (what the validator reads) but
 * whose compressed pixel data is garbage, so decoding the texture fails while processing.
 */
export async function damagedTextureGlb(): Promise<Uint8Array> {
  const png = new Uint8Array(await gradientPng(64));
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    if (type === "IDAT") {
      // Keep the two zlib header bytes; scramble the deflate stream behind them.
      for (let i = offset + 10; i < offset + 8 + length; i++) png[i] = (i * 7919) & 0xff;
    }
    offset += 12 + length;
  }
  return new NodeIO().writeBinary(texturedBoxDocument(png));
}

/**
 * A dense terrain of `cells`² quads (2 × cells² triangles): gentle waves with seeded bumps too fine
 * to simplify away, the kind of scanned surface where Draco's geometry coding beats meshopt's.
 */
export function terrainDocument(cells: number, seed = 5): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const side = cells + 1;
  const positions = new Float32Array(side * side * 3);
  let state = seed;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
      const at = (y * side + x) * 3;
      positions[at] = x / cells;
      positions[at + 1] = 0.05 * Math.sin(x / 7) * Math.cos(y / 9) + (state % 1000) / 1e5;
      positions[at + 2] = y / cells;
    }
  }
  const indices = new Uint32Array(cells * cells * 6);
  for (let y = 0, k = 0; y < cells; y++) {
    for (let x = 0; x < cells; x++, k += 6) {
      const a = y * side + x;
      indices.set([a, a + side, a + 1, a + 1, a + side, a + side + 1], k);
    }
  }
  const primitive = document
    .createPrimitive()
    .setAttribute("POSITION", document.createAccessor().setType("VEC3").setArray(positions).setBuffer(buffer))
    .setIndices(document.createAccessor().setType("SCALAR").setArray(indices).setBuffer(buffer))
    .setMaterial(document.createMaterial("Ground"));
  document
    .createScene()
    .addChild(document.createNode("Terrain").setMesh(document.createMesh("Terrain").addPrimitive(primitive)));
  return document;
}
