/**
 * Dragging an annotation marker over the model: a press on a marker becomes a drag once the
 * pointer travels beyond a small slop; until then it stays a click (which selects the marker).
 * Pure: it turns pointer positions and surface hits into decisions, and the caller does the rest.
 */
import type { TVec3 } from "@vitrine/contract";

/** Pointer travel (px) beyond which a press on a marker becomes a drag. */
export const DRAG_SLOP = 4;

/** A hit on the model's surface (the engine's `pick`). */
export interface TSurfaceHit {
  position: TVec3;
  normal: TVec3;
}

/** A press on a marker, and where it has got to. */
export interface TMarkerDrag {
  /** The marker's annotation. */
  id: string;
  /** Where the press started (client px). */
  startX: number;
  startY: number;
  /** True once the pointer travelled beyond {@link DRAG_SLOP}. */
  isDragging: boolean;
  /** The last surface hit under the pointer while dragging; null while none was found. */
  hit: TSurfaceHit | null;
}

/** Starts tracking a press on the marker of annotation `id`. */
export function startMarkerDrag(id: string, clientX: number, clientY: number): TMarkerDrag {
  return { id, startX: clientX, startY: clientY, isDragging: false, hit: null };
}

/**
 * Follows the pointer. Below the slop nothing changes (the same object comes back); beyond it the
 * press is a drag and `pick` finds the surface under the pointer. Off the model the marker stays
 * where it last was on the surface, so it never jumps into empty space.
 */
export function moveMarkerDrag(
  drag: TMarkerDrag,
  clientX: number,
  clientY: number,
  pick: (clientX: number, clientY: number) => TSurfaceHit | null,
): TMarkerDrag {
  const isDragging = drag.isDragging || Math.hypot(clientX - drag.startX, clientY - drag.startY) > DRAG_SLOP;
  if (!isDragging) return drag;
  const hit = pick(clientX, clientY);
  return { ...drag, isDragging: true, hit: hit ?? drag.hit };
}

/** How a press ended: a click (select the marker), a move to a new surface point, or nothing. */
export type TMarkerDragEnd =
  | { kind: "click"; id: string }
  | { kind: "moved"; id: string; hit: TSurfaceHit }
  | { kind: "none" };

/** Decides what a press amounted to when the pointer is released. */
export function endMarkerDrag(drag: TMarkerDrag): TMarkerDragEnd {
  if (!drag.isDragging) return { kind: "click", id: drag.id };
  return drag.hit ? { kind: "moved", id: drag.id, hit: drag.hit } : { kind: "none" };
}

/** The undo key of one drag: every move of one drag folds into one step. */
export function dragHistoryKey(drag: TMarkerDrag): string {
  return `marker-drag:${drag.id}:${drag.startX}:${drag.startY}`;
}
