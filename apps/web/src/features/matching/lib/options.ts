/**
 * The choices of the connecting form in the page's language: countries by name, industries and
 * Incoterms in the channels' words, buyer business types and inquiry types in matching's.
 */
import {
  BUYER_BUSINESS_TYPES,
  COUNTRY_CODES,
  countryName,
  INCOTERM_CODES,
  INDUSTRIES,
  INQUIRY_TYPES,
} from "@vitrine/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";

/** A select's option. */
export interface TOption {
  value: string;
  label: string;
}

/** The form's option lists. */
export interface TConnectOptions {
  countries: TOption[];
  industries: TOption[];
  businessTypes: TOption[];
  inquiryTypes: TOption[];
  incoterms: TOption[];
}

/** Option lists of the page's language. */
export function useConnectOptions(): TConnectOptions {
  const { t, i18n } = useTranslation("matching");
  const { t: tChannels } = useTranslation("channels");
  const lang = currentLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lists follow the language.
  return useMemo(() => {
    const collator = new Intl.Collator(lang);
    return {
      countries: COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, lang) })).sort((a, b) =>
        collator.compare(a.label, b.label),
      ),
      industries: INDUSTRIES.map((code) => ({ value: code, label: tChannels(`industry.${code}`) })),
      businessTypes: BUYER_BUSINESS_TYPES.map((code) => ({ value: code, label: t(`businessType.${code}`) })),
      inquiryTypes: INQUIRY_TYPES.map((code) => ({ value: code, label: t(`inquiryType.${code}`) })),
      incoterms: INCOTERM_CODES.map((code) => ({
        value: code,
        label: `${code} — ${tChannels(`incoterm.${code}`)}`,
      })),
    };
  }, [lang, i18n.language, t, tChannels]);
}
