/**
 * The names of a channel's codes in the page's language: countries and languages from
 * `Intl.DisplayNames`, industries, methods, employee ranges and Incoterms from the locale files.
 */
import {
  countryName,
  languageName,
  type TEmployeeRange,
  type TIncoterm,
  type TIndustry,
  type TPaymentMethod,
  type TShippingMethod,
} from "@vitrine/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { TLanguage } from "../stores/language";
import { resolveLanguage } from "./";

/** The language the page is shown in. */
export function usePageLanguage(): TLanguage {
  const { i18n } = useTranslation();
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Label functions for a channel's codes. */
export interface TChannelLabels {
  lang: TLanguage;
  country(code: string): string;
  language(code: string): string;
  industry(code: TIndustry): string;
  payment(code: TPaymentMethod): string;
  shipping(code: TShippingMethod): string;
  employees(code: TEmployeeRange): string;
  /** `FOB — Free on Board` in English, with the Korean name in Korean. */
  incoterm(code: TIncoterm): string;
}

/** The labels of the page's language. */
export function useChannelLabels(): TChannelLabels {
  const { t } = useTranslation("channels");
  const lang = usePageLanguage();
  return useMemo(
    () => ({
      lang,
      country: (code) => countryName(code, lang),
      language: (code) => languageName(code, lang),
      industry: (code) => t(`industry.${code}`),
      payment: (code) => t(`payment.${code}`),
      shipping: (code) => t(`shipping.${code}`),
      employees: (code) => t("employeesCount", { range: code }),
      incoterm: (code) => `${code} — ${t(`incoterm.${code}`)}`,
    }),
    [t, lang],
  );
}

/** A DUNS number as people write it: `XX-XXX-XXXX`. */
export function formatDuns(digits: string): string {
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 5)}-${digits.slice(5)}` : digits;
}
