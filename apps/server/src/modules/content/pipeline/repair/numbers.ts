/**
 * Values that are not numbers (NaN, ±Infinity) in float accessors become 0. three.js draws such a
 * vertex nowhere and a NaN keyframe freezes the clip; the validator refuses both
 * (`ACCESSOR_INVALID_FLOAT`, `ACCESSOR_INVALID_IBM`).
 */
import type { Document } from "@gltf-transform/core";

const FLOAT = 5126;

/** Replaces non-finite values of every float accessor with 0; answers how many changed. */
export function repairNumbers(document: Document): number {
  let changed = 0;
  for (const accessor of document.getRoot().listAccessors()) {
    if (accessor.getComponentType() !== FLOAT) continue;
    const array = accessor.getArray();
    if (!array) continue;
    for (let i = 0; i < array.length; i++) {
      if (!Number.isFinite(array[i] as number)) {
        array[i] = 0;
        changed++;
      }
    }
  }
  return changed;
}
