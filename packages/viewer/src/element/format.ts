/** Size text: the model's real dimensions in centimetres, or metres once any side reaches 1 m. */
import type { TVec3 } from "@vitrine/contract";
import { word } from "./i18n";
import type { TViewerLang } from "./types";

/** `[width, height, depth]` in metres → "W 12.3 cm × H 8.0 cm × D 4.1 cm" (one unit for all three). */
export function formatSize(dimensions: TVec3, lang: TViewerLang): string {
  const isMetres = Math.max(...dimensions) >= 1;
  const number = new Intl.NumberFormat(lang === "ko" ? "ko-KR" : "en-US", {
    minimumFractionDigits: isMetres ? 2 : 1,
    maximumFractionDigits: isMetres ? 2 : 1,
  });
  const [w, h, d] = dimensions.map(
    // A no-break space: a narrow card never leaves the unit on a line of its own.
    (metres) => `${number.format(isMetres ? metres : metres * 100)}\u00a0${isMetres ? "m" : "cm"}`,
  );
  return word(lang, "dims", { w: w ?? "", h: h ?? "", d: d ?? "" });
}
