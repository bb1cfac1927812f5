import { ACESFilmicToneMapping, AgXToneMapping, Color, LinearToneMapping, NeutralToneMapping } from "three";
import { describe, expect, it } from "vitest";
import {
  coverTransform,
  environmentRecipe,
  gradientColors,
  lightDirection,
  materialTint,
  toneMappingFor,
} from "./scene-math";

describe("tone mapping", () => {
  it("maps each build name to its three.js constant", () => {
    expect(toneMappingFor("aces")).toBe(ACESFilmicToneMapping);
    expect(toneMappingFor("agx")).toBe(AgXToneMapping);
    expect(toneMappingFor("neutral")).toBe(NeutralToneMapping);
    expect(toneMappingFor("linear")).toBe(LinearToneMapping);
  });
});

describe("key light direction", () => {
  const close = (v: { x: number; y: number; z: number }, x: number, y: number, z: number) => {
    expect(v.x).toBeCloseTo(x, 6);
    expect(v.y).toBeCloseTo(y, 6);
    expect(v.z).toBeCloseTo(z, 6);
  };

  it("puts azimuth 0 in front of the model (+Z) and 90 to its right (+X)", () => {
    close(lightDirection(0, 0), 0, 0, 1);
    close(lightDirection(90, 0), 1, 0, 0);
    close(lightDirection(-90, 0), -1, 0, 0);
    close(lightDirection(180, 0), 0, 0, -1);
  });

  it("raises the light with elevation and keeps it a unit vector", () => {
    close(lightDirection(0, 90), 0, 1, 0);
    const d = lightDirection(35, 45);
    expect(d.length()).toBeCloseTo(1, 9);
    expect(d.y).toBeCloseTo(Math.SQRT1_2, 6);
    expect(d.x).toBeGreaterThan(0);
    expect(d.z).toBeGreaterThan(d.x);
  });
});

describe("material tint", () => {
  it("is the tone in linear space times the exposure", () => {
    const tint = materialTint("#ff8000", 2);
    const base = new Color("#ff8000");
    expect(tint.r).toBeCloseTo(base.r * 2, 9);
    expect(tint.g).toBeCloseTo(base.g * 2, 9);
    expect(tint.b).toBe(0);
    // sRGB 0x80 is about 0.216 in linear light, not 0.5.
    expect(base.g).toBeCloseTo(0.2158, 3);
  });

  it("keeps white at exposure 1 and goes black at exposure 0", () => {
    expect(materialTint("#ffffff", 1).getHexString()).toBe("ffffff");
    expect(materialTint("#ffffff", 0).getHexString()).toBe("000000");
  });
});

describe("background gradient", () => {
  it("runs from color at the top to color2 at the bottom", () => {
    expect(gradientColors({ type: "gradient", color: "#f4f6fb", color2: "#dfe4ee", image: null })).toEqual({
      top: "#f4f6fb",
      bottom: "#dfe4ee",
    });
  });
});

describe("image background cover", () => {
  it("crops the sides of a wide image in a tall view, centred", () => {
    const { repeat, offset } = coverTransform(2, 1);
    expect(repeat).toEqual([0.5, 1]);
    expect(offset).toEqual([0.25, 0]);
  });

  it("crops top and bottom of a tall image in a wide view", () => {
    const { repeat, offset } = coverTransform(0.5, 2);
    expect(repeat).toEqual([1, 0.25]);
    expect(offset).toEqual([0, 0.375]);
  });

  it("shows the whole image when aspects match", () => {
    expect(coverTransform(1.5, 1.5)).toEqual({ repeat: [1, 1], offset: [0, 0] });
  });
});

describe("environment presets", () => {
  it("generates every preset but none, tinting warm and cool", () => {
    expect(environmentRecipe("none")).toBeNull();
    const warm = new Color(environmentRecipe("warm")?.tint);
    const cool = new Color(environmentRecipe("cool")?.tint);
    expect(warm.r).toBeGreaterThan(warm.b);
    expect(cool.b).toBeGreaterThan(cool.r);
    expect(environmentRecipe("studio")).toEqual({ tint: "#ffffff", isFlat: false });
    expect(environmentRecipe("neutral")?.isFlat).toBe(true);
  });
});
