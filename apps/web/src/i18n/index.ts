/**
 * i18next setup (SPEC §1). Detection order: browser setting, html tag, local storage, cookie,
 * path, subdomain; the detected language is cached in local storage under `i18nextLng`.
 * `ko-KR` resolves to `ko`. The fallback is the stored language preference, else English.
 *
 * A language the visitor picked with the header switch is kept across visits: detection starts
 * with the browser setting, which would otherwise override an explicit choice on every reload.
 *
 * Only the language in use is loaded, a chunk per language (`bundle-en.ts`, `bundle-ko.ts`):
 * both together were most of the app entry, parsed on every start (issue 17). `startI18n` loads
 * the detected language before the first render; `changeLanguage` loads the next before it
 * switches.
 */
import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import { rememberShellLanguage } from "../lib/shell-cookies";
import { isLanguage, type TLanguage, useLanguageStore } from "../stores/language";
import { NAMESPACES, type TNamespace } from "./namespaces";

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

type TBundle = Record<TNamespace, object>;

/** Each language's translations, a chunk of their own. */
const BUNDLES: Record<TLanguage, () => Promise<TBundle>> = {
  en: async () => (await import("./bundle-en")).en,
  ko: async () => (await import("./bundle-ko")).ko,
};

/** Adds `lng`'s translations to i18next unless they are in already. */
export async function loadLanguage(lng: TLanguage): Promise<void> {
  if (i18n.hasResourceBundle(lng, "common")) return;
  const bundle = await BUNDLES[lng]();
  for (const ns of NAMESPACES) i18n.addResourceBundle(lng, ns, bundle[ns], true, true);
}

/**
 * Initialises i18next once, synchronously, without translations: the detected language is known
 * at once (`currentLanguage`), its texts come with `startI18n` or `changeLanguage`.
 */
export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const chosen = useLanguageStore.getState().language;
  i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: {},
      partialBundledLanguages: true,
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

/** Initialises i18next and loads the detected language's translations (before the first render). */
export async function startI18n(): Promise<void> {
  initI18n();
  const language = currentLanguage();
  await loadLanguage(language);
  // Resolves the language again now that it has texts (`resolvedLanguage`).
  await i18n.changeLanguage(language);
}

/** The language in use. */
export function currentLanguage(): TLanguage {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the language, remembers the choice, and caches it under `i18nextLng`. */
export async function changeLanguage(lng: TLanguage): Promise<void> {
  await loadLanguage(lng);
  useLanguageStore.getState().setLanguage(lng);
  await i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Blocked storage only loses persistence; the switch still works for this visit.
  }
}

export { i18n };
