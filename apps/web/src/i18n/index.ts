/**
 * i18next setup (SPEC §1). Detection order: browser setting, html tag, local storage, cookie,
 * path, subdomain; the detected language is cached in local storage under `i18nextLng`.
 * `ko-KR` resolves to `ko`. The fallback is the stored language preference, else English.
 *
 * A language the visitor picked with the header switch is kept across visits: detection starts
 * with the browser setting, which would otherwise override an explicit choice on every reload.
 */
import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import { rememberShellLanguage } from "../app/shell-cookies";
import { isLanguage, type TLanguage, useLanguageStore } from "../stores/language";
import { NAMESPACES, resources } from "./resources";

/** Languages the app speaks, in the order the switch shows them. */
export const SUPPORTED_LANGUAGES: readonly TLanguage[] = ["ko", "en"];

/** Local-storage key of the detected language (SPEC §1). */
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

/** Detector options of SPEC §1. */
export const DETECTION_OPTIONS = {
  order: ["navigator", "htmlTag", "localStorage", "cookie", "path", "subdomain"],
  caches: ["localStorage"],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  // `ko-KR` → `ko`, so the language in use and the stored value are the bare language.
  convertDetectedLanguage: (lng: string) => lng.split(/[-_]/)[0]?.toLowerCase() ?? lng,
};

function syncHtmlLang(lng: string | undefined): void {
  if (typeof document === "undefined") return;
  const language = resolveLanguage(lng);
  document.documentElement.lang = language;
  rememberShellLanguage(language);
}

/** Maps any language tag (`ko-KR`, `en-US`, `fr`) to a language the app speaks. */
export function resolveLanguage(lng: string | undefined | null): TLanguage {
  const base = (lng ?? "").toLowerCase().split(/[-_]/)[0];
  if (isLanguage(base)) return base;
  return useLanguageStore.getState().language ?? "en";
}

/** Initialises i18next once, synchronously (resources are bundled). */
export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const chosen = useLanguageStore.getState().language;
  i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      ns: [...NAMESPACES],
      defaultNS: "common",
      lng: chosen ?? undefined,
      fallbackLng: chosen ?? "en",
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: "languageOnly",
      detection: DETECTION_OPTIONS,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
  syncHtmlLang(i18n.resolvedLanguage ?? i18n.language);
  i18n.on("languageChanged", syncHtmlLang);
  return i18n;
}

/** The language in use. */
export function currentLanguage(): TLanguage {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the language, remembers the choice, and caches it under `i18nextLng`. */
export async function changeLanguage(lng: TLanguage): Promise<void> {
  useLanguageStore.getState().setLanguage(lng);
  await i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Blocked storage only loses persistence; the switch still works for this visit.
  }
}

export { i18n };
