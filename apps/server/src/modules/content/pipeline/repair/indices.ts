/**
 * Triangles whose indices name vertices the primitive does not have (`ACCESSOR_INDEX_OOB`, and
 * the primitive-restart values `ACCESSOR_INDEX_PRIMITIVE_RESTART`, which glTF forbids): three.js
 * draws them as spikes or not at all, so they go. A shared index list is copied before it changes.
 */
import type { Document } from "@gltf-transform/core";

const TRIANGLES = 4;

/** Removes the triangles that point past their primitive's vertices; answers how many went. */
export function repairIndices(document: Document): number {
  let removed = 0;
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const indices = primitive.getIndices();
      const array = indices?.getArray();
      const vertices = primitive.getAttribute("POSITION")?.getCount() ?? 0;
      if (!indices || !array) continue;
      const restart =
        indices.getComponentType() === 5121
          ? 0xff
          : indices.getComponentType() === 5123
            ? 0xffff
            : 0xffffffff;
      const isBad = (value: number) => value >= vertices || value === restart;
      if (!array.some(isBad)) continue;
      const mode = primitive.getMode();
      const kept: number[] = [];
      if (mode === TRIANGLES) {
        for (let i = 0; i + 2 < array.length; i += 3) {
          const a = array[i] as number;
          const b = array[i + 1] as number;
          const c = array[i + 2] as number;
          if (isBad(a) || isBad(b) || isBad(c)) removed++;
          else kept.push(a, b, c);
        }
      } else {
        // Strips, fans, lines and points: a bad index is dropped from the list.
        for (const value of array) {
          if (isBad(value as number)) removed++;
          else kept.push(value as number);
        }
      }
      const Typed = array.constructor as
        | Uint8ArrayConstructor
        | Uint16ArrayConstructor
        | Uint32ArrayConstructor;
      const copy = indices.listParents().length > 2 ? indices.clone() : indices;
      copy.setArray(new Typed(kept));
      if (copy !== indices) primitive.setIndices(copy);
    }
  }
  return removed;
}
