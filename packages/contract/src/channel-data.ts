/**
 * The fixed lists a channel is built from (issue 10): countries (ISO 3166-1 alpha-2), languages a
 * business speaks, industries, payment and shipping methods, and the 11 Incoterms 2020 rules.
 * Values are stored as these codes; the web shows their names in the visitor's language.
 */

/**
 * Every officially assigned ISO 3166-1 alpha-2 code (249). Names come from `Intl.DisplayNames`
 * (`countryName`), which Node and every browser we support carry for English and Korean; a test
 * checks each code has a name in both.
 */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS " +
  "BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE " +
  "EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM " +
  "HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC " +
  "LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA " +
  "NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO " +
  "TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** True when `code` is an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  return COUNTRY_SET.has(code);
}

/** A country's name in `lang` (`en` or `ko`); the code itself where the runtime has no name. */
export function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region", fallback: "none" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Languages a business may say it speaks (ISO 639-1); names come from `Intl.DisplayNames`. */
export const SPOKEN_LANGUAGES = [
  "ko",
  "en",
  "zh",
  "ja",
  "vi",
  "th",
  "id",
  "ms",
  "hi",
  "ar",
  "ru",
  "es",
  "pt",
  "fr",
  "de",
  "it",
  "tr",
  "pl",
  "nl",
  "mn",
] as const;
/** A spoken-language code. */
export type TSpokenLanguage = (typeof SPOKEN_LANGUAGES)[number];

/** A language's name in `lang`; the code itself where the runtime has no name. */
export function languageName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: "language", fallback: "none" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Industries a channel may name; `other` comes with free text (`industry_other`). */
export const INDUSTRIES = [
  "manufacturing",
  "electronics",
  "machinery",
  "automotive",
  "chemicals",
  "cosmetics",
  "fashion",
  "food",
  "furniture",
  "medical",
  "construction",
  "energy",
  "software",
  "logistics",
  "retail",
  "education",
  "other",
] as const;
/** An industry code. */
export type TIndustry = (typeof INDUSTRIES)[number];

/** Employee-count ranges. */
export const EMPLOYEE_RANGES = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1001+"] as const;
/** An employee-count range. */
export type TEmployeeRange = (typeof EMPLOYEE_RANGES)[number];

/** Payment methods of export trade (issue 10). */
export const PAYMENT_METHODS = ["tt", "lc", "dp", "da", "card", "paypal", "other"] as const;
/** A payment method. */
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Export shipping methods. */
export const SHIPPING_METHODS = ["sea", "air", "express", "rail", "road"] as const;
/** A shipping method. */
export type TShippingMethod = (typeof SHIPPING_METHODS)[number];

/** The edition the Incoterms codes belong to. */
export const INCOTERMS_EDITION = "2020";

/** The 11 Incoterms 2020 rules with their full English names (ICC). */
export const INCOTERMS = {
  EXW: "Ex Works",
  FCA: "Free Carrier",
  CPT: "Carriage Paid To",
  CIP: "Carriage and Insurance Paid To",
  DAP: "Delivered at Place",
  DPU: "Delivered at Place Unloaded",
  DDP: "Delivered Duty Paid",
  FAS: "Free Alongside Ship",
  FOB: "Free on Board",
  CFR: "Cost and Freight",
  CIF: "Cost, Insurance and Freight",
} as const;
/** An Incoterms 2020 code. */
export type TIncoterm = keyof typeof INCOTERMS;
/** The Incoterms codes in the ICC's order. */
export const INCOTERM_CODES = Object.keys(INCOTERMS) as TIncoterm[];
