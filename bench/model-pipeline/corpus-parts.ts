import { type Document, type Material, NodeIO } from "@gltf-transform/core";
import { ALL_EXTENSIONS } from "@gltf-transform/extensions";
import { box } from "../../apps/server/test/support/assembly";
import { glbOf } from "../../apps/server/test/support/broken-models";

const _io = () => new NodeIO().registerExtensions(ALL_EXTENSIONS);

// ---------------------------------------------------------------------------------------------
// Small geometry helpers (flat-shaded boxes and smooth cylinders, spheres).

export interface TArrays {
  positions: number[];
  normals: number[];
  uvs: number[];
  indices: number[];
}

/** A box (flat faces, UVs 0–1 per face): the assembly's. */
export const boxArrays = box;

export function sphereArrays(r: number, segments: number, rings: number): TArrays {
  const out: TArrays = { positions: [], normals: [], uvs: [], indices: [] };
  for (let k = 0; k <= rings; k++) {
    const theta = (k / rings) * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const phi = (s / segments) * Math.PI * 2;
      const n = [Math.sin(theta) * Math.cos(phi), Math.cos(theta), Math.sin(theta) * Math.sin(phi)] as const;
      out.positions.push(n[0] * r, n[1] * r, n[2] * r);
      out.normals.push(...n);
      out.uvs.push(s / segments, k / rings);
    }
  }
  for (let k = 0; k < rings; k++) {
    for (let s = 0; s < segments; s++) {
      const a = k * (segments + 1) + s;
      const b = a + segments + 1;
      out.indices.push(a, a + 1, b, b, a + 1, b + 1);
    }
  }
  return out;
}

/** A capped cylinder along +Y (smooth sides), radius r, height h. */
export function cylinderArrays(r: number, h: number, segments: number): TArrays {
  const out: TArrays = { positions: [], normals: [], uvs: [], indices: [] };
  for (let k = 0; k <= 1; k++) {
    for (let s = 0; s <= segments; s++) {
      const a = (s / segments) * Math.PI * 2;
      out.positions.push(Math.cos(a) * r, k * h, Math.sin(a) * r);
      out.normals.push(Math.cos(a), 0, Math.sin(a));
      out.uvs.push(s / segments, k);
    }
  }
  for (let s = 0; s < segments; s++) {
    const a = s;
    const b = s + segments + 1;
    out.indices.push(a, b, a + 1, a + 1, b, b + 1);
  }
  for (const [y, ny] of [
    [0, -1],
    [h, 1],
  ] as const) {
    const centre = out.positions.length / 3;
    out.positions.push(0, y, 0);
    out.normals.push(0, ny, 0);
    out.uvs.push(0.5, 0.5);
    for (let s = 0; s < segments; s++) {
      const a = (s / segments) * Math.PI * 2;
      out.positions.push(Math.cos(a) * r, y, Math.sin(a) * r);
      out.normals.push(0, ny, 0);
      out.uvs.push(0.5 + Math.cos(a) / 2, 0.5 + Math.sin(a) / 2);
    }
    for (let s = 0; s < segments; s++) {
      const a = centre + 1 + s;
      const b = centre + 1 + ((s + 1) % segments);
      if (ny > 0) out.indices.push(centre, b, a);
      else out.indices.push(centre, a, b);
    }
  }
  return out;
}

export function meshOf(
  document: Document,
  name: string,
  arrays: TArrays,
  material: Material,
  withUvs = false,
) {
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const accessor = (type: "VEC2" | "VEC3" | "SCALAR", array: Float32Array | Uint16Array | Uint32Array) =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const vertexCount = arrays.positions.length / 3;
  const primitive = document
    .createPrimitive()
    .setAttribute("POSITION", accessor("VEC3", new Float32Array(arrays.positions)))
    .setAttribute("NORMAL", accessor("VEC3", new Float32Array(arrays.normals)))
    .setIndices(
      accessor(
        "SCALAR",
        vertexCount < 65536 ? new Uint16Array(arrays.indices) : new Uint32Array(arrays.indices),
      ),
    )
    .setMaterial(material);
  if (withUvs) primitive.setAttribute("TEXCOORD_0", accessor("VEC2", new Float32Array(arrays.uvs)));
  return document.createMesh(name).addPrimitive(primitive);
}

// ---------------------------------------------------------------------------------------------
// GLB editing: the validator-error models are written valid by gltf-transform, then their JSON
// is changed in the one way each is meant to be wrong.

export interface TGltfJson {
  accessors: Array<Record<string, unknown> & { bufferView?: number; byteOffset?: number; count: number }>;
  bufferViews: Array<Record<string, unknown> & { buffer: number; byteOffset?: number; byteLength: number }>;
  animations?: Array<{ samplers: Array<{ input: number; output: number }> }>;
  meshes: Array<{ primitives: Array<{ attributes: Record<string, number> }> }>;
  [key: string]: unknown;
}

export function splitGlb(glb: Uint8Array): { json: TGltfJson; bin: Uint8Array } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as TGltfJson;
  const binStart = 20 + jsonLength;
  const binLength = view.getUint32(binStart, true);
  return { json, bin: glb.subarray(binStart + 8, binStart + 8 + binLength) };
}

export const ELEMENT_BYTES: Record<string, number> = { SCALAR: 4, VEC2: 8, VEC3: 12, VEC4: 16 };

/**
 * Gives every animation sampler accessor (float keyframe times and values) a bufferView of its
 * own with a byteStride equal to its element size: the data stays where it is, the spec forbids
 * the stride ("bufferView.byteStride must not be defined for buffer views used by animation
 * sampler accessors"), and three.js reads it as if it were not there.
 */
export function strideAnimationViews(glb: Uint8Array): Uint8Array {
  const { json, bin } = splitGlb(glb);
  const used = new Set<number>();
  for (const animation of json.animations ?? []) {
    for (const sampler of animation.samplers) used.add(sampler.input).add(sampler.output);
  }
  for (const index of used) {
    const accessor = json.accessors[index];
    if (!accessor || accessor.bufferView === undefined) continue;
    const old = json.bufferViews[accessor.bufferView];
    const element = ELEMENT_BYTES[String(accessor.type)];
    if (!old || !element || accessor.componentType !== 5126) continue;
    json.bufferViews.push({
      buffer: old.buffer,
      byteOffset: (old.byteOffset ?? 0) + (accessor.byteOffset ?? 0),
      byteLength: accessor.count * element,
      byteStride: element,
    });
    accessor.bufferView = json.bufferViews.length - 1;
    delete accessor.byteOffset;
  }
  return glbOf(json, bin);
}

/** Writes POSITION bounds 10 % larger than the data (validator: ACCESSOR_MIN/MAX_MISMATCH). */
export function wrongBounds(glb: Uint8Array): Uint8Array {
  const { json, bin } = splitGlb(glb);
  for (const mesh of json.meshes) {
    for (const primitive of mesh.primitives) {
      const accessor = json.accessors[primitive.attributes.POSITION ?? -1];
      if (!accessor) continue;
      accessor.min = (accessor.min as number[]).map((v) => v * 1.1);
      accessor.max = (accessor.max as number[]).map((v) => v * 1.1);
    }
  }
  return glbOf(json, bin);
}
