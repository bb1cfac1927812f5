import { formatForLanguage } from "@vitrine/contract";

/** A post's day in the reader's zone (§9: KST for Korean). */
export function formatDay(iso: string, lang: "en" | "ko"): string {
  return formatForLanguage(iso, lang, undefined, "date");
}

/** A post's date and time in the reader's zone. */
export function formatWhen(iso: string, lang: "en" | "ko"): string {
  return formatForLanguage(iso, lang);
}
