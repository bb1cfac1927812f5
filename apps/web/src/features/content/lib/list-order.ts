/**
 * Ordered lists of the editor (annotations, motion steps, images): moving, removing and the
 * numbering of annotation markers, which always follows the list order (1, 2, 3…).
 */
import type { TAnnotation, TVec3 } from "@vitrine/contract";

/** The list with the item at `index` moved by `delta` places; unchanged when it would leave the list. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length || delta === 0) {
    return [...list];
  }
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** The list without the item at `index`. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Gives every marker the number of its place in the list; keeps objects whose number is right. */
export function renumber(list: readonly TAnnotation[]): TAnnotation[] {
  return list.map((annotation, index) =>
    annotation.marker.number === index + 1
      ? annotation
      : { ...annotation, marker: { ...annotation.marker, number: index + 1 } },
  );
}

/** A new annotation at a picked point of the model, numbered after the others. */
export function addAnnotation(
  list: readonly TAnnotation[],
  input: { id: string; title: string; point: TVec3; normal: TVec3 | null },
): TAnnotation[] {
  const annotation: TAnnotation = {
    annotation_id: input.id,
    title: input.title,
    content: "",
    axis: null,
    images: [],
    videos: [],
    marker: { posx: input.point[0], posy: input.point[1], posz: input.point[2], number: list.length + 1 },
    normal: input.normal,
  };
  return renumber([...list, annotation]);
}

/** Moves the annotation `id` up (-1) or down (+1); numbers follow. */
export function moveAnnotation(list: readonly TAnnotation[], id: string, delta: number): TAnnotation[] {
  return renumber(
    moveItem(
      list,
      list.findIndex((a) => a.annotation_id === id),
      delta,
    ),
  );
}

/** Removes the annotation `id`; the ones after it move up a number. */
export function removeAnnotation(list: readonly TAnnotation[], id: string): TAnnotation[] {
  return renumber(list.filter((a) => a.annotation_id !== id));
}

/** Changes fields of the annotation `id` (not its number). */
export function updateAnnotation(
  list: readonly TAnnotation[],
  id: string,
  patch: Partial<Omit<TAnnotation, "annotation_id" | "marker">>,
): TAnnotation[] {
  return list.map((a) => (a.annotation_id === id ? { ...a, ...patch } : a));
}

/** Puts the marker of the annotation `id` on another point of the model. */
export function placeAnnotation(
  list: readonly TAnnotation[],
  id: string,
  point: TVec3,
  normal: TVec3 | null,
): TAnnotation[] {
  return list.map((a) =>
    a.annotation_id === id
      ? { ...a, marker: { ...a.marker, posx: point[0], posy: point[1], posz: point[2] }, normal }
      : a,
  );
}

/** A new id for an annotation or a motion step (unique within a content). */
export function newItemId(prefix: "ann" | "step"): string {
  return `${prefix}_${crypto.randomUUID()}`;
}
