import { describe, expect, it } from "vitest";
import { barLayout, insetsFor } from "./coverage";

describe("the toolbar's layout", () => {
  it("is compact in a short element, the phone bar when narrow, else the desktop bar", () => {
    expect(barLayout(388, 388, 218)).toBe("compact");
    expect(barLayout(1280, 1280, 300)).toBe("compact");
    expect(barLayout(390, 390, 844)).toBe("phone");
    expect(barLayout(1280, 600, 700)).toBe("phone");
    expect(barLayout(1280, 1280, 800)).toBe("desktop");
  });
});

describe("what the layers leave free", () => {
  it("cuts each layer off by the edge that keeps the most of the view", () => {
    // A phone: bar and card along the bottom.
    expect(
      insetsFor(
        [
          { left: 8, top: 788, right: 382, bottom: 836 },
          { left: 8, top: 400, right: 382, bottom: 780 },
        ],
        390,
        844,
      ),
    ).toEqual({ top: 0, right: 0, bottom: 444, left: 0 });
    // The 388×218 embed: card at the right, ad strip on top, bar below.
    expect(
      insetsFor(
        [
          { left: 196, top: 30, right: 382, bottom: 172 },
          { left: 0, top: 0, right: 388, bottom: 25 },
          { left: 116, top: 174, right: 272, bottom: 214 },
        ],
        388,
        218,
      ),
    ).toEqual({ top: 25, right: 192, bottom: 44, left: 0 });
  });

  it("ignores layers outside the view", () => {
    expect(insetsFor([{ left: 0, top: 300, right: 100, bottom: 340 }], 400, 300)).toEqual({
      top: 0,
      right: 0,
      bottom: 0,
      left: 0,
    });
  });
});
