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

/**
 * CSS variables on top of Mantine's: the readable dimmed grey, and text of "light" variants
 * (badges, light buttons, alerts) one shade darker than Mantine's shade 6, which reads below
 * 4.5:1 on its own tinted background for most colours (indigo 3.8:1, gray 3.0:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": DIMMED_TEXT,
    ...Object.fromEntries(
      Object.keys(resolved.colors).map((color) => [
        `--mantine-color-${color}-light-color`,
        color === "gray" ? DIMMED_TEXT : `var(--mantine-color-${color}-8)`,
      ]),
    ),
  },
  dark: {},
});
