/**
 * Exhibition texts and times in the page's language: bilingual texts fall back to the other
 * language when empty; times read in Korea's time for Korean, local time otherwise (SPEC §9).
 */
import { formatForLanguage, type TExhibitionCategory, type TExhibitionDoc } from "@vitrine/contract";
import type { TLanguage } from "../../../stores/language";

/** The text in `lang`, else the other language's. */
export function textIn(texts: { en: string; ko: string }, lang: TLanguage): string {
  const own = texts[lang].trim();
  return own !== "" ? texts[lang] : texts[lang === "en" ? "ko" : "en"];
}

/** `2026-11-24 – 2026-12-24` in the reader's time (KST for Korean). */
export function periodOf(doc: Pick<TExhibitionDoc, "opens_at" | "closes_at">, lang: TLanguage): string {
  return `${formatForLanguage(doc.opens_at, lang, undefined, "date")} – ${formatForLanguage(doc.closes_at, lang, undefined, "date")}`;
}

/** The category's name in `lang`, or the key when the exhibition no longer has it. */
export function categoryName(
  categories: readonly TExhibitionCategory[],
  key: string | null,
  lang: TLanguage,
): string {
  if (key === null) return "";
  const found = categories.find((c) => c.key === key);
  return found ? textIn(found.name, lang) : key;
}

/** The path of a booth's page. */
export function boothPath(exhibitionId: string, boothId: string): string {
  return `/ShowRoom/${encodeURIComponent(exhibitionId)}/booth/${encodeURIComponent(boothId)}`;
}

/** The name a booth goes by: its logo text, else its channel's name. */
export function boothName(booth: { logo_text: string; channel: { channel_name: string } }): string {
  return booth.logo_text.trim() || booth.channel.channel_name;
}
