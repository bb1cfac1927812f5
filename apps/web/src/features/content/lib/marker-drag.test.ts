import type { TAnnotation } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { createHistory, historyReducer, isDirty } from "./history";
import { placeAnnotation } from "./list-order";
import {
  DRAG_SLOP,
  dragHistoryKey,
  endMarkerDrag,
  moveMarkerDrag,
  startMarkerDrag,
  type TSurfaceHit,
} from "./marker-drag";

/** A model surface that is a plane: x/y of the pointer map to a point, except in a hole. */
const plane = (x: number, y: number): TSurfaceHit | null =>
  x > 500 ? null : { position: [x / 100, y / 100, 0], normal: [0, 0, 1] };

const annotation = (id: string, number: number): TAnnotation => ({
  annotation_id: id,
  title: `Note ${number}`,
  content: "",
  axis: null,
  images: [],
  videos: [],
  marker: { posx: 0, posy: 0, posz: 0, number },
  normal: null,
});

describe("marker drag", () => {
  it("stays a click while the pointer moves less than the slop", () => {
    let drag = startMarkerDrag("ann_1", 100, 100);
    drag = moveMarkerDrag(drag, 100 + DRAG_SLOP - 1, 100, plane);
    drag = moveMarkerDrag(drag, 100, 100 + DRAG_SLOP - 1, plane);
    expect(drag.isDragging).toBe(false);
    expect(endMarkerDrag(drag)).toEqual({ kind: "click", id: "ann_1" });
  });

  it("follows the surface under the pointer once it moves beyond the slop", () => {
    let drag = startMarkerDrag("ann_1", 100, 100);
    drag = moveMarkerDrag(drag, 150, 120, plane);
    expect(drag.isDragging).toBe(true);
    expect(drag.hit?.position).toEqual([1.5, 1.2, 0]);
    drag = moveMarkerDrag(drag, 200, 200, plane);
    expect(endMarkerDrag(drag)).toEqual({
      kind: "moved",
      id: "ann_1",
      hit: { position: [2, 2, 0], normal: [0, 0, 1] },
    });
  });

  it("keeps the last point on the model when the pointer leaves it", () => {
    let drag = startMarkerDrag("ann_1", 100, 100);
    drag = moveMarkerDrag(drag, 300, 100, plane);
    drag = moveMarkerDrag(drag, 900, 100, plane);
    expect(drag.hit?.position).toEqual([3, 1, 0]);
    // Back near the start, it is still a drag, not a click.
    drag = moveMarkerDrag(drag, 100, 100, plane);
    expect(endMarkerDrag(drag).kind).toBe("moved");
  });

  it("moves nothing when the pointer never found the model", () => {
    let drag = startMarkerDrag("ann_1", 600, 100);
    drag = moveMarkerDrag(drag, 700, 100, plane);
    expect(endMarkerDrag(drag)).toEqual({ kind: "none" });
  });

  it("makes one undo step of a whole drag", () => {
    const doc = [annotation("ann_1", 1), annotation("ann_2", 2)];
    let history = createHistory(doc);
    let drag = startMarkerDrag("ann_2", 100, 100);
    for (const [x, y] of [
      [120, 100],
      [160, 110],
      [220, 140],
    ] as const) {
      drag = moveMarkerDrag(drag, x, y, plane);
      const hit = drag.hit;
      if (!hit) throw new Error("no hit");
      const next = placeAnnotation(history.present, drag.id, hit.position, hit.normal);
      history = historyReducer(history, { type: "set", next, key: dragHistoryKey(drag) });
    }
    history = historyReducer(history, { type: "seal" });
    const moved = history.present.find((a) => a.annotation_id === "ann_2");
    expect(moved?.marker).toMatchObject({ posx: 2.2, posy: 1.4, posz: 0, number: 2 });
    expect(moved?.normal).toEqual([0, 0, 1]);
    expect(history.past).toHaveLength(1);

    history = historyReducer(history, { type: "undo" });
    expect(history.present).toBe(doc);
    expect(isDirty(history)).toBe(false);

    // A second drag of the same marker is a step of its own.
    history = historyReducer(history, { type: "redo" });
    drag = moveMarkerDrag(startMarkerDrag("ann_2", 220, 140), 300, 300, plane);
    const hit = drag.hit;
    if (!hit) throw new Error("no hit");
    history = historyReducer(history, {
      type: "set",
      next: placeAnnotation(history.present, "ann_2", hit.position, hit.normal),
      key: dragHistoryKey(drag),
    });
    expect(history.past).toHaveLength(2);
  });
});
