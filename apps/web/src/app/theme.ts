/** The Mantine theme: indigo brand, soft radii, system fonts that carry Hangul well. */
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

const brand: MantineColorsTuple = [
  "#eef0ff",
  "#dcdefe",
  "#b5b9f6",
  "#8c93f0",
  "#6a72ea",
  "#545ce7",
  "#4850e6",
  "#3a41cd",
  "#3139b8",
  "#2531a3",
];

const fontFamily =
  "Inter, 'Pretendard Variable', Pretendard, -apple-system, BlinkMacSystemFont, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Segoe UI', Roboto, 'Malgun Gothic', sans-serif";

/**
 * Secondary ("dimmed") text. Mantine's gray.6 (#868e96) reads at 3.0–3.3:1 on white and the
 * light grays of cards and footers; this grey keeps the soft look at 4.9:1 or more on all of
 * them (WCAG AA asks 4.5:1).
 */
export const DIMMED_TEXT = "#646b73";

/** The app's theme. */
export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: { light: 6, dark: 5 },
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: "750" },
  defaultRadius: "md",
  cursorType: "pointer",
  respectReducedMotion: true,
  breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
});

const hexRgb = (hex: string): [number, number, number] | null =>
  /^#[0-9a-f]{6}$/i.test(hex)
    ? ([1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number])
    : null;

function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/**
 * Text colour of a "light" variant (badges, light buttons, alerts) of a colour scale: the first
 * of shades 8 and 9, then shade 9 darkened in 5 % steps, that reads at 4.6:1 or more on the
 * variant's background (shade 6 at 10 % over white). Mantine's shade 6 reads at 2–3.8:1 there, and
 * even shade 9 of green, lime, yellow and orange stays under 4.5:1. Null when the scale is not hex.
 */
export function lightVariantText(scale: readonly string[]): string | null {
  const [six, eight, nine] = [scale[6], scale[8], scale[9]].map((c) => hexRgb(c ?? ""));
  if (!six || !eight || !nine) return null;
  const background = six.map((v) => 255 * 0.9 + v * 0.1);
  if (contrastRatio(eight, background) >= 4.6) return toHex(eight);
  for (let dark = 0; dark <= 1; dark += 0.05) {
    const candidate = nine.map((v) => v * (1 - dark));
    if (contrastRatio(candidate, background) >= 4.6) return toHex(candidate);
  }
  return "#000000";
}

/**
 * CSS variables on top of Mantine's: the readable dimmed grey, and text of "light" variants
 * (badges, light buttons, alerts) dark enough for 4.5:1 on their own tinted background.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": DIMMED_TEXT,
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([color, scale]) => [
        `--mantine-color-${color}-light-color`,
        color === "gray" ? DIMMED_TEXT : (lightVariantText(scale) ?? `var(--mantine-color-${color}-8)`),
      ]),
    ),
  },
  dark: {},
});
