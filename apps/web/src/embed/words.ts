/**
 * The embed's texts: the `embed` part of the `viewer` namespace, in English and Korean, read from
 * the same locale files as the app (no i18next in this bundle).
 */
import { embed as en } from "../i18n/locales/en/viewer.json";
import { embed as ko } from "../i18n/locales/ko/viewer.json";
import type { TEmbedLang } from "./lang";

/** Every text of the embed in one language. */
export type TEmbedWords = typeof en;

/** The embed's texts in a language. */
export function embedWords(lang: TEmbedLang): TEmbedWords {
  return lang === "ko" ? ko : en;
}

/** Fills `{{name}}` placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
