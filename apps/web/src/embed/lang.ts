/**
 * The embed's language, without i18next: `?lang=` when the host page chose one, else the language
 * the visitor chose on our site (`i18nextLng` in local storage, as the app stores it), else the
 * browser setting; English when none of them is a language we speak.
 *
 * `<html lang>` is not a source: it is our own `embed.html`'s attribute, not the visitor's choice.
 * In a frame on another site, browsers that partition storage give the embed its own storage, so
 * the site's choice reaches it only through `?lang=` (the studio's embed code offers it).
 */

/** Languages of the embed. */
export type TEmbedLang = "en" | "ko";

/** Where the language can come from, in the order they are tried. */
export interface TLangSources {
  /** `lang` of the address (`/embed?id=…&lang=ko`). */
  param: string | null;
  /** `localStorage.i18nextLng`: the language chosen on the site. */
  stored: string | null;
  /** `navigator.languages` (or `[navigator.language]`). */
  browser: readonly string[];
}

/** `ko-KR` → `ko`; null for a language we do not speak. */
export function toEmbedLang(tag: string | null | undefined): TEmbedLang | null {
  const base = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return base === "en" || base === "ko" ? base : null;
}

/** Picks the embed's language. */
export function detectEmbedLang(sources: TLangSources): TEmbedLang {
  const chosen = toEmbedLang(sources.param) ?? toEmbedLang(sources.stored);
  if (chosen) return chosen;
  for (const tag of sources.browser) {
    const lang = toEmbedLang(tag);
    if (lang) return lang;
  }
  return "en";
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
    stored,
    browser: nav.languages?.length ? nav.languages : [nav.language],
  };
}
