/**
 * The embed's language (SPEC §1 order, without i18next): `?lang=` when the host page chose one,
 * else the browser setting, then the page's `<html lang>`, then the stored `i18nextLng`; English
 * when none of them is a language we speak.
 */

/** Languages of the embed. */
export type TEmbedLang = "en" | "ko";

/** Where the language can come from, in the order they are tried. */
export interface TLangSources {
  /** `lang` of the address (`/embed?id=…&lang=ko`). */
  param: string | null;
  /** `navigator.languages` (or `[navigator.language]`). */
  browser: readonly string[];
  /** `document.documentElement.lang`. */
  htmlLang: string | null;
  /** `localStorage.i18nextLng`. */
  stored: string | null;
}

/** `ko-KR` → `ko`; null for a language we do not speak. */
export function toEmbedLang(tag: string | null | undefined): TEmbedLang | null {
  const base = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return base === "en" || base === "ko" ? base : null;
}

/** Picks the embed's language. */
export function detectEmbedLang(sources: TLangSources): TEmbedLang {
  const fromParam = toEmbedLang(sources.param);
  if (fromParam) return fromParam;
  for (const tag of sources.browser) {
    const lang = toEmbedLang(tag);
    if (lang) return lang;
  }
  return toEmbedLang(sources.htmlLang) ?? toEmbedLang(sources.stored) ?? "en";
}

/** Reads the sources of a window (storage may be refused in a third-party frame). */
export function langSourcesOf(win: Window, search: string): TLangSources {
  let stored: string | null = null;
  try {
    stored = win.localStorage.getItem("i18nextLng");
  } catch {
    stored = null;
  }
  const nav = win.navigator;
  return {
    param: new URLSearchParams(search).get("lang"),
    browser: nav.languages?.length ? nav.languages : [nav.language],
    htmlLang: win.document.documentElement.getAttribute("lang"),
    stored,
  };
}
