/**
 * Faults in how the file lays its data out, read from the uploaded JSON: a `byteStride` on buffer
 * views that hold no vertex attributes (animation, index, inverse-bind-matrix and image data),
 * and declared accessor bounds that are missing where required or do not match the data. Writing
 * the model again repairs them all (gltf-transform lays buffer views out afresh and computes the
 * bounds it writes); this only counts them for the report. Also names the optional extensions
 * the pipeline does not know, which it leaves out as every viewer ignores them.
 */
import type { Document } from "@gltf-transform/core";

type TJson = Record<string, unknown>;

function list(value: unknown): TJson[] {
  return Array.isArray(value) ? (value.filter((v) => typeof v === "object" && v !== null) as TJson[]) : [];
}

function index(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

/** Buffer views with a stride that only vertex attributes may have. */
function strideFaults(json: TJson): number {
  const views = list(json.bufferViews);
  const accessors = list(json.accessors);
  const noStride = new Set<number>();
  const viewOf = (accessor: unknown) => {
    const i = index(accessor);
    return i === null ? null : index(accessors[i]?.bufferView);
  };
  const add = (view: number | null) => {
    if (view !== null) noStride.add(view);
  };
  for (const animation of list(json.animations)) {
    for (const sampler of list(animation.samplers)) {
      add(viewOf(sampler.input));
      add(viewOf(sampler.output));
    }
  }
  for (const mesh of list(json.meshes))
    for (const primitive of list(mesh.primitives)) add(viewOf(primitive.indices));
  for (const skin of list(json.skins)) add(viewOf(skin.inverseBindMatrices));
  for (const image of list(json.images)) add(index(image.bufferView));
  let faults = 0;
  for (const view of noStride) if (views[view]?.byteStride !== undefined) faults++;
  return faults;
}

function sameBound(declared: unknown, actual: number[]): boolean {
  if (!Array.isArray(declared) || declared.length !== actual.length) return false;
  return declared.every((value, k) => {
    const real = actual[k] as number;
    return typeof value === "number" && Math.abs(value - real) <= 1e-5 * Math.max(1, Math.abs(real));
  });
}

/** Accessors whose declared bounds are wrong, or missing where glTF requires them. */
function boundFaults(json: TJson, document: Document): number {
  const declared = list(json.accessors);
  const accessors = document.getRoot().listAccessors();
  // Read in the JSON's order, so the document's accessors line up with the JSON's (until a step runs).
  if (declared.length !== accessors.length) return 0;
  const required = new Set<number>();
  for (const mesh of list(json.meshes)) {
    for (const primitive of list(mesh.primitives)) {
      const attributes = primitive.attributes as TJson | undefined;
      const position = index(attributes?.POSITION);
      if (position !== null) required.add(position);
    }
  }
  for (const animation of list(json.animations)) {
    for (const sampler of list(animation.samplers)) {
      const input = index(sampler.input);
      if (input !== null) required.add(input);
    }
  }
  let faults = 0;
  declared.forEach((def, i) => {
    const accessor = accessors[i];
    if (!accessor) return;
    const hasBounds = def.min !== undefined || def.max !== undefined;
    if (!hasBounds) {
      if (required.has(i)) faults++;
      return;
    }
    if (!sameBound(def.min, accessor.getMin([])) || !sameBound(def.max, accessor.getMax([]))) faults++;
  });
  return faults;
}

/** Layout faults the rewrite repairs: buffer views with a stride they may not have, and wrong bounds. */
export function layoutFaults(json: TJson, document: Document): number {
  return strideFaults(json) + boundFaults(json, document);
}

/**
 * Extensions the upload names (used or required) that the pipeline does not read, and so leaves
 * out: the upload refuses a required one that the model uses, so these are optional or unused.
 */
export function unknownExtensions(json: TJson, known: ReadonlySet<string>): string[] {
  const names = [json.extensionsUsed, json.extensionsRequired].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  return [...new Set(names.filter((name): name is string => typeof name === "string" && !known.has(name)))];
}
