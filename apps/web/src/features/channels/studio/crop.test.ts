import { describe, expect, it } from "vitest";
import { cropRect } from "./crop";

describe("cropRect", () => {
  it("takes the largest area of the ratio, centred when the offsets are one half", () => {
    expect(cropRect(1000, 500, 1, { zoom: 1, x: 0.5, y: 0.5 })).toEqual({ sx: 250, sy: 0, sw: 500, sh: 500 });
    expect(cropRect(800, 800, 4, { zoom: 1, x: 0, y: 0.5 })).toEqual({ sx: 0, sy: 300, sw: 800, sh: 200 });
  });

  it("narrows with the zoom and keeps inside the image", () => {
    expect(cropRect(1000, 1000, 1, { zoom: 2, x: 1, y: 1 })).toEqual({ sx: 500, sy: 500, sw: 500, sh: 500 });
    expect(cropRect(1000, 1000, 1, { zoom: 9, x: 2, y: -1 })).toEqual({ sx: 750, sy: 0, sw: 250, sh: 250 });
  });
});
