import { describe, expect, it } from "vitest";
import { deltaE2000, srgbToLab, type TLab } from "./delta-e";

// Pairs from Sharma, Wu and Dalal (2005), table 1: including the hue-wrap and mean-hue edge cases.
const SHARMA: [TLab, TLab, number][] = [
  [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
  [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
  [[50, 2.8361, -74.02], [50, 0, -82.7485], 3.4412],
  [[50, 0, 0], [50, -1, 2], 2.3669],
  [[50, 2.5, 0], [50, 0, -2.5], 4.3065],
  [[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792],
  [[50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195],
  [[50, -0.001, 2.49], [50, 0.0009, -2.49], 4.8045],
  [[50, 2.5, 0], [73, 25, -18], 27.1492],
  [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
  [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
];

describe("deltaE2000", () => {
  it("matches the published reference pairs to four decimals, both ways round", () => {
    for (const [a, b, expected] of SHARMA) {
      expect(deltaE2000(a, b)).toBeCloseTo(expected, 4);
      expect(deltaE2000(b, a)).toBeCloseTo(expected, 4);
    }
  });

  it("is zero for the same colour", () => {
    expect(deltaE2000([41, 12, -30], [41, 12, -30])).toBe(0);
  });
});

describe("srgbToLab", () => {
  it("maps white, black and sRGB blue to their CIELAB values", () => {
    const white = srgbToLab(255, 255, 255);
    expect(white[0]).toBeCloseTo(100, 2);
    expect(Math.abs(white[1]) + Math.abs(white[2])).toBeLessThan(0.01);
    expect(srgbToLab(0, 0, 0)).toEqual([0, 0, 0]);
    const blue = srgbToLab(0, 0, 255);
    expect(blue[0]).toBeCloseTo(32.3, 1);
    expect(blue[1]).toBeCloseTo(79.19, 1);
    expect(blue[2]).toBeCloseTo(-107.86, 1);
  });
});
