/**
 * The model's size as the viewer draws it: every vertex in world space after its node's
 * transforms (a rotated or scaled root included) and, for skinned meshes, after the skin in the
 * rest pose (joint world matrix × inverse bind matrix, as the glTF spec defines skinning). The
 * box is the geometry's own, never a local box grown by rotation. glTF is Y-up, so the answer is
 * width (X) × height (Y) × depth (Z) in metres. Morph targets and GPU instancing are left out.
 */
import type { Accessor, Node, Primitive, Scene } from "@gltf-transform/core";

/** A column-major 4×4 matrix, as glTF and gltf-transform store them. */
type TMat4 = readonly number[];

function multiply(a: TMat4, b: TMat4): number[] {
  const out = new Array<number>(16).fill(0);
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (a[k * 4 + row] ?? 0) * (b[col * 4 + k] ?? 0);
      out[col * 4 + row] = sum;
    }
  }
  return out;
}

function transform(m: TMat4, x: number, y: number, z: number, into: number[], weight: number): void {
  into[0] = (into[0] ?? 0) + ((m[0] ?? 0) * x + (m[4] ?? 0) * y + (m[8] ?? 0) * z + (m[12] ?? 0)) * weight;
  into[1] = (into[1] ?? 0) + ((m[1] ?? 0) * x + (m[5] ?? 0) * y + (m[9] ?? 0) * z + (m[13] ?? 0)) * weight;
  into[2] = (into[2] ?? 0) + ((m[2] ?? 0) * x + (m[6] ?? 0) * y + (m[10] ?? 0) * z + (m[14] ?? 0)) * weight;
}

/**
 * An accessor's values as numbers, element after element: its own array when it holds plain
 * values, else each element read through `getElement` (which turns normalized integers into
 * fractions). Reading the array once instead of calling `getElement` per vertex is several times
 * faster on large meshes.
 */
export function floatsOf(accessor: Accessor): ArrayLike<number> {
  const array = accessor.getArray();
  if (!array) return [];
  if (!accessor.getNormalized()) return array;
  const size = accessor.getElementSize();
  const out = new Float32Array(accessor.getCount() * size);
  const element: number[] = [];
  for (let i = 0; i < accessor.getCount(); i++) out.set(accessor.getElement(i, element), i * size);
  return out;
}

const IDENTITY: TMat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** The skin's joint matrices in the rest pose, or null when the node has no skin. */
function jointMatrices(node: Node): number[][] | null {
  const skin = node.getSkin();
  if (!skin) return null;
  const inverseBind = skin.getInverseBindMatrices();
  return skin
    .listJoints()
    .map((joint, i) =>
      multiply(joint.getWorldMatrix(), inverseBind ? inverseBind.getElement(i, []) : IDENTITY),
    );
}

/** Widens `box` (min xyz, max xyz) by every vertex of one primitive. */
function addPrimitive(primitive: Primitive, world: TMat4, joints: number[][] | null, box: number[]): void {
  const position = primitive.getAttribute("POSITION");
  if (!position) return;
  const jointIds: Accessor | null = joints ? primitive.getAttribute("JOINTS_0") : null;
  const weights: Accessor | null = joints ? primitive.getAttribute("WEIGHTS_0") : null;
  const p = floatsOf(position);
  const j = jointIds ? floatsOf(jointIds) : [];
  const w = weights ? floatsOf(weights) : [];
  const stride = position.getElementSize();
  const out = [0, 0, 0];
  for (let i = 0; i < position.getCount(); i++) {
    const x = p[i * stride] ?? 0;
    const y = p[i * stride + 1] ?? 0;
    const z = p[i * stride + 2] ?? 0;
    out.fill(0);
    if (joints && jointIds && weights) {
      let total = 0;
      for (let k = 0; k < 4; k++) {
        const weight = w[i * 4 + k] ?? 0;
        const matrix = joints[j[i * 4 + k] ?? -1];
        if (weight === 0 || !matrix) continue;
        transform(matrix, x, y, z, out, weight);
        total += weight;
      }
      if (total === 0) transform(world, x, y, z, out, 1);
      else if (total !== 1) for (let a = 0; a < 3; a++) out[a] = (out[a] ?? 0) / total;
    } else {
      transform(world, x, y, z, out, 1);
    }
    for (let a = 0; a < 3; a++) {
      const v = out[a] ?? 0;
      if (v < (box[a] ?? 0)) box[a] = v;
      if (v > (box[a + 3] ?? 0)) box[a + 3] = v;
    }
  }
}

/** `[width, height, depth]` in metres of everything the scene draws (0s when it draws nothing). */
export function sceneSize(scene: Scene | null): [number, number, number] {
  if (!scene) return [0, 0, 0];
  const box = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  scene.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    // A skinned mesh's own node transform does not apply: its joints place it (glTF 2.0, 3.7.3).
    const joints = jointMatrices(node);
    const world = node.getWorldMatrix();
    for (const primitive of mesh.listPrimitives()) addPrimitive(primitive, world, joints, box);
  });
  const size = [0, 1, 2].map((a) => {
    const d = (box[a + 3] ?? 0) - (box[a] ?? 0);
    return Number.isFinite(d) && d > 0 ? Number(d.toFixed(6)) : 0;
  });
  return [size[0] ?? 0, size[1] ?? 0, size[2] ?? 0];
}
