import { describe, expect, it } from "vitest";
import { srgbByteOf, toSrgbByte } from "./thumbnail";

describe("the thumbnail renderer's sRGB encoding", () => {
  it("gives the formula's byte for every value, at the steps between bytes too", () => {
    const values: number[] = [-1, 0, 1, 2, Number.NaN, 0.0031308, 1e-9, 0.5];
    let seed = 11;
    for (let i = 0; i < 50_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      values.push(seed / 0x7fffffff);
    }
    // Around each step: the linear value of every half byte, and its neighbours a hair away.
    for (let k = 0; k < 255; k++) {
      const s = (k + 0.5) / 255;
      const linear = s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      values.push(linear, linear * (1 + 1e-12), linear * (1 - 1e-12), Math.fround(linear));
    }
    const wrong = values.filter((v) => toSrgbByte(v) !== (srgbByteOf(v) || 0));
    expect(wrong).toEqual([]);
  });
});
