/**
 * Joint weights as glTF requires them (every vertex's weights non-negative and adding up to 1,
 * each joint once, every joint index inside its skin): exporters often write sums of 0.98 or
 * 1.04, and three.js, Babylon and `<model-viewer>` draw such a model as if they were normalised
 * (`ACCESSOR_WEIGHTS_NON_NORMALIZED`, `ACCESSOR_WEIGHTS_NEGATIVE`, `ACCESSOR_JOINTS_INDEX_OOB`,
 * `ACCESSOR_JOINTS_INDEX_DUPLICATE`). So do we: scaled to a sum of 1, as the skinning shader
 * effectively does.
 */
import type { Accessor, Document, Mesh, Primitive } from "@gltf-transform/core";

/** The validator's bar for a vertex's weight sum: 2e-7 per weight that is not 0. */
const SUM_TOLERANCE_PER_WEIGHT = 2e-7;

/** What {@link repairSkins} changed, in vertices. */
export interface TSkinRepairs {
  weights: number;
  joints: number;
}

/** The fewest joints of the skins that draw `mesh` (its joint indices must fit all of them). */
function jointLimits(document: Document): Map<Mesh, number> {
  const limits = new Map<Mesh, number>();
  for (const node of document.getRoot().listNodes()) {
    const mesh = node.getMesh();
    const skin = node.getSkin();
    if (!mesh || !skin) continue;
    const count = skin.listJoints().length;
    limits.set(mesh, Math.min(limits.get(mesh) ?? count, count));
  }
  return limits;
}

/** The JOINTS_n / WEIGHTS_n pairs of a primitive, in order. */
function skinSets(primitive: Primitive): Array<[Accessor, Accessor]> {
  const sets: Array<[Accessor, Accessor]> = [];
  for (let n = 0; ; n++) {
    const joints = primitive.getAttribute(`JOINTS_${n}`);
    const weights = primitive.getAttribute(`WEIGHTS_${n}`);
    if (!joints || !weights) return sets;
    sets.push([joints, weights]);
  }
}

/**
 * Repairs one vertex's weights across its sets; answers which kinds of fault it had. Weights of
 * joints outside the skin and of repeated joints go (a repeated joint's weight joins its first
 * use), negative weights become 0, and the rest are scaled to a sum of 1. A vertex left with no
 * weight at all is bound to its first joint (index 0 when that was outside the skin).
 */
function repairVertex(
  sets: Array<[Accessor, Accessor]>,
  vertex: number,
  limit: number,
  encodedMax: number | null,
): { weights: boolean; joints: boolean } {
  const joints: number[][] = sets.map(([j]) => j.getElement(vertex, []));
  const weights: number[][] = sets.map(([, w]) => w.getElement(vertex, []));
  let isJointFault = false;
  let isWeightFault = false;
  const firstSlot = new Map<number, [number, number]>();
  for (let s = 0; s < sets.length; s++) {
    const js = joints[s] as number[];
    const ws = weights[s] as number[];
    for (let k = 0; k < js.length; k++) {
      const joint = js[k] as number;
      let weight = ws[k] as number;
      if (weight < 0) {
        weight = 0;
        isWeightFault = true;
      }
      if (joint >= limit) {
        js[k] = 0;
        weight = 0;
        isJointFault = true;
      } else if (weight > 0) {
        const first = firstSlot.get(joint);
        if (first) {
          const [fs, fk] = first;
          const target = weights[fs] as number[];
          target[fk] = (target[fk] as number) + weight;
          weight = 0;
          isJointFault = true;
        } else firstSlot.set(joint, [s, k]);
      }
      ws[k] = weight;
    }
  }
  let sum = 0;
  let nonZero = 0;
  for (const ws of weights) {
    for (const w of ws) {
      sum += w;
      if (w !== 0) nonZero++;
    }
  }
  // Weights stored as normalised integers are off by at least one step (1/255 or 1/65535).
  const isOff =
    Math.abs(sum - 1) > (encodedMax === null ? SUM_TOLERANCE_PER_WEIGHT * nonZero : 0.5 / encodedMax);
  if (sum === 0) {
    (weights[0] as number[])[0] = 1;
    isWeightFault = true;
  } else if (isOff) {
    for (const ws of weights) for (let k = 0; k < ws.length; k++) ws[k] = (ws[k] as number) / sum;
    isWeightFault = true;
  }
  if (isJointFault || isWeightFault) {
    sets.forEach(([j, w], s) => {
      j.setElement(vertex, joints[s] as number[]);
      w.setElement(vertex, weights[s] as number[]);
    });
    if (isWeightFault && encodedMax !== null)
      normalizeEncoded(
        sets.map(([, w]) => w),
        vertex,
        encodedMax,
      );
  }
  return { weights: isWeightFault, joints: isJointFault };
}

/** The encoded maximum when every weight set is normalised integers of one type, else null. */
function encodedMaxOf(sets: Array<[Accessor, Accessor]>): number | null {
  const types = new Set(sets.map(([, w]) => (w.getNormalized() ? w.getComponentType() : 5126)));
  if (types.size !== 1) return null;
  const [type] = types;
  return type === 5121 ? 255 : type === 5123 ? 65535 : null;
}

/**
 * Weights stored as normalised bytes or shorts must add up to exactly 255 or 65535 once encoded:
 * the rounding's remainder goes to the largest weight.
 */
function normalizeEncoded(weights: Accessor[], vertex: number, max: number): void {
  let sum = 0;
  let largest: { array: NonNullable<ReturnType<Accessor["getArray"]>>; index: number } | null = null;
  for (const accessor of weights) {
    const array = accessor.getArray();
    if (!array) return;
    const size = accessor.getElementSize();
    for (let k = 0; k < size; k++) {
      const index = vertex * size + k;
      const value = array[index] as number;
      sum += value;
      if (!largest || value > (largest.array[largest.index] as number)) largest = { array, index };
    }
  }
  if (largest && sum !== max)
    largest.array[largest.index] = (largest.array[largest.index] as number) + (max - sum);
}

/** Repairs the joints and weights of every skinned primitive; answers how many vertices changed. */
export function repairSkins(document: Document): TSkinRepairs {
  const limits = jointLimits(document);
  const done = new Set<Accessor>();
  const result: TSkinRepairs = { weights: 0, joints: 0 };
  for (const mesh of document.getRoot().listMeshes()) {
    // A mesh no skin draws has no joint limit to check against; its weights still must add up.
    const limit = limits.get(mesh) ?? Number.POSITIVE_INFINITY;
    for (const primitive of mesh.listPrimitives()) {
      const sets = skinSets(primitive);
      const first = sets[0];
      if (!first || sets.some(([j, w]) => done.has(j) || done.has(w))) continue;
      for (const [j, w] of sets) done.add(j).add(w);
      const encodedMax = encodedMaxOf(sets);
      for (let vertex = 0; vertex < first[1].getCount(); vertex++) {
        const fault = repairVertex(sets, vertex, limit, encodedMax);
        if (fault.weights) result.weights++;
        if (fault.joints) result.joints++;
      }
    }
  }
  return result;
}
