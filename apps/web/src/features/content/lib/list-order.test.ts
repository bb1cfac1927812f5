import type { TAnnotation } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { addAnnotation, moveAnnotation, moveItem, placeAnnotation, removeAnnotation } from "./list-order";

function three(): TAnnotation[] {
  let list: TAnnotation[] = [];
  for (const id of ["a", "b", "c"]) {
    list = addAnnotation(list, { id, title: id.toUpperCase(), point: [0, 1, 2], normal: null });
  }
  return list;
}

const numbers = (list: TAnnotation[]) => list.map((a) => `${a.annotation_id}${a.marker.number}`).join(" ");

describe("annotation numbering", () => {
  it("numbers new markers in the order they are placed", () => {
    expect(numbers(three())).toBe("a1 b2 c3");
  });

  it("renumbers after moving one up or down", () => {
    expect(numbers(moveAnnotation(three(), "c", -1))).toBe("a1 c2 b3");
    expect(numbers(moveAnnotation(three(), "a", 1))).toBe("b1 a2 c3");
  });

  it("leaves the order alone when a move would leave the list", () => {
    expect(numbers(moveAnnotation(three(), "a", -1))).toBe("a1 b2 c3");
    expect(numbers(moveAnnotation(three(), "c", 1))).toBe("a1 b2 c3");
  });

  it("closes the gap when one is deleted", () => {
    expect(numbers(removeAnnotation(three(), "a"))).toBe("b1 c2");
  });

  it("moves a marker to another point without changing its number", () => {
    const moved = placeAnnotation(three(), "b", [5, 6, 7], [0, 1, 0]);
    const b = moved[1];
    expect(b?.marker).toEqual({ posx: 5, posy: 6, posz: 7, number: 2 });
    expect(b?.normal).toEqual([0, 1, 0]);
  });
});

describe("moveItem", () => {
  it("moves images of a list", () => {
    expect(moveItem(["x", "y", "z"], 2, -2)).toEqual(["z", "x", "y"]);
    expect(moveItem(["x", "y"], 5, 1)).toEqual(["x", "y"]);
  });
});
