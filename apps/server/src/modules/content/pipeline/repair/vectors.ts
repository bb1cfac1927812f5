/**
 * Direction vectors of unit length, as glTF requires and three.js's lighting assumes: normals
 * (`ACCESSOR_VECTOR3_NON_UNIT`) and tangents (also their handedness, `ACCESSOR_INVALID_SIGN`),
 * node rotations (`ROTATION_NON_UNIT`) and the rotation keyframes of animations
 * (`ACCESSOR_ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION`); vertex colours are clamped to
 * 0–1 (`ACCESSOR_NON_CLAMPED`). Morph target deltas are left alone: they are not directions.
 */
import type { Accessor, Document } from "@gltf-transform/core";

/**
 * How far from 1 a length may be: the validator's own bars (gltf-validator 2.0), so that a model
 * it finds valid is left exactly as it is.
 */
const VECTOR_TOLERANCE = 0.00674;
const ROTATION_TOLERANCE = 0.00769;

function normalizeElements(accessor: Accessor, size: 3 | 4, stride = 1, first = 0): number {
  const tolerance = size === 3 ? VECTOR_TOLERANCE : ROTATION_TOLERANCE;
  let changed = 0;
  const element: number[] = [];
  for (let i = first; i < accessor.getCount(); i += stride) {
    accessor.getElement(i, element);
    let squared = 0;
    for (let k = 0; k < size; k++) squared += (element[k] as number) ** 2;
    let isChanged = false;
    if (squared === 0) {
      // A zero vector has no direction: the normal points up, the rotation is none.
      for (let k = 0; k < size; k++) element[k] = 0;
      element[size === 3 ? 2 : 3] = 1;
      isChanged = true;
    } else if (Math.abs(Math.sqrt(squared) - 1) > tolerance) {
      const length = Math.sqrt(squared);
      for (let k = 0; k < size; k++) element[k] = (element[k] as number) / length;
      isChanged = true;
    }
    if (accessor.getElementSize() === 4 && size === 3) {
      const w = element[3] as number;
      const sign = w < 0 ? -1 : 1;
      if (w !== sign) {
        element[3] = sign;
        isChanged = true;
      }
    }
    if (isChanged) {
      accessor.setElement(i, element);
      changed++;
    }
  }
  return changed;
}

function clampElements(accessor: Accessor): number {
  const array = accessor.getArray();
  if (!array || accessor.getComponentType() !== 5126) return 0;
  let changed = 0;
  for (let i = 0; i < array.length; i++) {
    const value = array[i] as number;
    if (value < 0 || value > 1) {
      array[i] = Math.min(1, Math.max(0, value));
      changed++;
    }
  }
  return changed;
}

/** What {@link repairVectors} changed. */
export interface TVectorRepairs {
  normals: number;
  tangents: number;
  rotations: number;
  colors: number;
}

/** Scales normals, tangents and rotations back to unit length and clamps vertex colours. */
export function repairVectors(document: Document): TVectorRepairs {
  const done = new Set<Accessor>();
  const result: TVectorRepairs = { normals: 0, tangents: 0, rotations: 0, colors: 0 };
  const once = (accessor: Accessor | null, repair: (a: Accessor) => number): number => {
    if (!accessor || done.has(accessor)) return 0;
    done.add(accessor);
    return repair(accessor);
  };
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      result.normals += once(primitive.getAttribute("NORMAL"), (a) => normalizeElements(a, 3));
      result.tangents += once(primitive.getAttribute("TANGENT"), (a) => normalizeElements(a, 3));
      for (const semantic of primitive.listSemantics()) {
        if (semantic.startsWith("COLOR_"))
          result.colors += once(primitive.getAttribute(semantic), clampElements);
      }
    }
  }
  for (const node of document.getRoot().listNodes()) {
    const [x, y, z, w] = node.getRotation();
    const squared = x * x + y * y + z * z + w * w;
    if (squared === 0) {
      node.setRotation([0, 0, 0, 1]);
      result.rotations++;
    } else if (Math.abs(Math.sqrt(squared) - 1) > ROTATION_TOLERANCE) {
      const length = Math.sqrt(squared);
      node.setRotation([x / length, y / length, z / length, w / length]);
      result.rotations++;
    }
  }
  for (const animation of document.getRoot().listAnimations()) {
    for (const channel of animation.listChannels()) {
      if (channel.getTargetPath() !== "rotation") continue;
      const sampler = channel.getSampler();
      const output = sampler?.getOutput() ?? null;
      // A cubic spline's keyframe is (in-tangent, value, out-tangent): only the value is a rotation.
      const isCubic = sampler?.getInterpolation() === "CUBICSPLINE";
      result.rotations += once(output, (a) =>
        isCubic ? normalizeElements(a, 4, 3, 1) : normalizeElements(a, 4),
      );
    }
  }
  return result;
}
