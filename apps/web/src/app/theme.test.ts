import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrastRatio, lightVariantText, theme } from "./theme";

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

describe("text of light variants (badges, light buttons, alerts)", () => {
  const scales = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>;
  for (const [name, scale] of Object.entries(scales)) {
    if (name === "gray" || name === "dark") continue;
    it(`${name} reads at 4.5:1 or more on its tinted background`, () => {
      const text = lightVariantText(scale);
      expect(text).not.toBeNull();
      const background = rgb(scale[6] ?? "").map((v) => 255 * 0.9 + v * 0.1);
      expect(contrastRatio(rgb(text ?? ""), background)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it("keeps Mantine's shade 8 where it already reads (indigo)", () => {
    expect(lightVariantText(DEFAULT_THEME.colors.indigo)).toBe(DEFAULT_THEME.colors.indigo[8]);
  });
});
