/**
 * The served `.glb`'s JSON chunk, written small (issue 16). Models are sent as they are stored
 * (no HTTP compression of blobs), and on an animated model the JSON is a quarter of the file:
 * gltf-transform writes every default it could leave out (`"byteOffset": 0`, `"normalized":
 * false`, `"interpolation": "LINEAR"`, the REPEAT wrap modes, meshopt's `"filter": "NONE"`), the
 * optional buffer view `target` hints, and prints float32 values with float64 digits
 * (15.960000038146973 for 15.96).
 *
 * What changes is only how the same model is written: defaults are the glTF 2.0 schema's (a
 * viewer reads an absent property as that value), and a number that is exactly a float32 is
 * written with the fewest digits that read back as that same float32 — what the GPU receives is
 * bit for bit the same, and accessor bounds still match their data (the Khronos validator compares
 * them as float32; a test holds this). `extras` are the author's and are left as written.
 */

const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const REPEAT = 10497;
const TRIANGLES = 4;

type TJson = Record<string, unknown>;

function isObject(value: unknown): value is TJson {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function objects(value: unknown): TJson[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/**
 * The fewest significant digits that read back as the same float32; numbers that are not exactly
 * a float32 (a factor of 0.6 written by a person) are kept as they are.
 */
export function shortFloat32(value: number): number {
  if (Number.isInteger(value) || !Number.isFinite(value) || Math.fround(value) !== value) return value;
  for (let digits = 1; digits < 9; digits++) {
    const shorter = Number(value.toPrecision(digits));
    if (Math.fround(shorter) === value) return shorter;
  }
  return value;
}

function shortenNumbers(value: unknown): unknown {
  if (typeof value === "number") return shortFloat32(value);
  if (Array.isArray(value)) return value.map((item) => shortenNumbers(item));
  if (!isObject(value)) return value;
  const out: TJson = {};
  for (const [name, item] of Object.entries(value)) {
    out[name] = name === "extras" ? item : shortenNumbers(item);
  }
  return out;
}

function dropDefault(object: TJson, key: string, fallback: unknown): void {
  if (object[key] === fallback) delete object[key];
}

/** The JSON without the schema's defaults and with float32 numbers written short (a new object). */
export function compactGltfJson(json: TJson): TJson {
  const copy = structuredClone(json);
  for (const accessor of objects(copy.accessors)) {
    dropDefault(accessor, "byteOffset", 0);
    dropDefault(accessor, "normalized", false);
  }
  for (const view of objects(copy.bufferViews)) {
    dropDefault(view, "byteOffset", 0);
    // A hint for engines that upload views as they are; three.js (and WebGL 2) need none.
    delete view.target;
    const extensions = isObject(view.extensions) ? view.extensions : {};
    const meshopt = extensions.EXT_meshopt_compression;
    if (isObject(meshopt)) {
      dropDefault(meshopt, "byteOffset", 0);
      dropDefault(meshopt, "filter", "NONE");
    }
  }
  for (const animation of objects(copy.animations)) {
    for (const sampler of objects(animation.samplers)) dropDefault(sampler, "interpolation", "LINEAR");
  }
  for (const sampler of objects(copy.samplers)) {
    dropDefault(sampler, "wrapS", REPEAT);
    dropDefault(sampler, "wrapT", REPEAT);
  }
  // Samplers left empty say what a texture without one means (repeat, filtering left to the
  // viewer): when every sampler is empty, none is written.
  if (
    Array.isArray(copy.samplers) &&
    copy.samplers.every((sampler) => isObject(sampler) && Object.keys(sampler).length === 0)
  ) {
    delete copy.samplers;
    for (const texture of objects(copy.textures)) delete texture.sampler;
  }
  for (const mesh of objects(copy.meshes)) {
    for (const primitive of objects(mesh.primitives)) dropDefault(primitive, "mode", TRIANGLES);
  }
  return shortenNumbers(copy) as TJson;
}

/**
 * A `.glb` with its JSON chunk compacted ({@link compactGltfJson}); the binary chunk is copied as
 * it is. A file that is not a GLB of one JSON chunk first is returned unchanged.
 */
export function compactGlb(glb: Uint8Array): Uint8Array {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  if (
    glb.byteLength < 20 ||
    view.getUint32(0, true) !== GLB_MAGIC ||
    view.getUint32(16, true) !== CHUNK_JSON
  ) {
    return glb;
  }
  const jsonLength = view.getUint32(12, true);
  if (20 + jsonLength > glb.byteLength) return glb;
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as TJson;
  const text = new TextEncoder().encode(JSON.stringify(compactGltfJson(json)));
  // The JSON chunk is padded with spaces to 4 bytes; the chunks after it are kept whole.
  const padded = Math.ceil(text.byteLength / 4) * 4;
  if (padded >= jsonLength) return glb;
  const rest = glb.subarray(20 + jsonLength);
  const out = new Uint8Array(20 + padded + rest.byteLength);
  const outView = new DataView(out.buffer);
  outView.setUint32(0, GLB_MAGIC, true);
  outView.setUint32(4, view.getUint32(4, true), true);
  outView.setUint32(8, out.byteLength, true);
  outView.setUint32(12, padded, true);
  outView.setUint32(16, CHUNK_JSON, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + padded);
  out.set(rest, 20 + padded);
  return out;
}
