/** The Mantine theme: indigo brand, soft radii, system fonts that carry Hangul well. */
import { createTheme, type MantineColorsTuple } from "@mantine/core";

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
