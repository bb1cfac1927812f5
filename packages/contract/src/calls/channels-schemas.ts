/**
 * The channel's schemas (issue 10; SPEC §3 Channel, §5 DUNS and images): its languages, text
 * limits and messages, the business info and profiles, the owner's document and its update.
 * What visitors read is in `channels-public-schemas.ts`; the calls are in `channels.ts`.
 */
import { z } from "zod";
import {
  EMPLOYEE_RANGES,
  INCOTERM_CODES,
  INCOTERMS_EDITION,
  INDUSTRIES,
  isCountryCode,
  PAYMENT_METHODS,
  SHIPPING_METHODS,
  SPOKEN_LANGUAGES,
} from "../channel-data";
import { zId } from "../ids";
import { checkDuns, checkEmail, MESSAGES } from "../validation";
import { ZBlobUrl } from "./content-schemas";
import { text } from "./fields";

/** The two languages a channel's texts are written in. */
export const CHANNEL_LANGS = ["en", "ko"] as const;
/** A channel text language. */
export type TChannelLang = (typeof CHANNEL_LANGS)[number];

/** Longest texts of a channel (characters). */
export const CHANNEL_TEXT_MAX = {
  channel_name: 100,
  channel_intro: 2000,
  company_name: 200,
  industry_other: 100,
  productsServices_origin: 2000,
  certifications: 1000,
  homepage_url: 300,
  contact_phone: 40,
  profile_name: 100,
  profile_job_title: 100,
} as const;

/** Most account profiles of a channel. */
export const CHANNEL_PROFILES_MAX = 20;
/** Most export markets. */
export const CHANNEL_MARKETS_MAX = 60;

/** Fields with a Korean and an English text. */
export const TRANSLATABLE_FIELDS = [
  "channel_name",
  "channel_intro",
  "company_name",
  "industry_other",
  "productsServices_origin",
  "certifications",
] as const;
/** A translatable field. */
export type TTranslatableField = (typeof TRANSLATABLE_FIELDS)[number];

/** Messages of channel inputs (the spec has none but DUNS and images; these follow its wording). */
export const CHANNEL_MESSAGES = {
  emptyName: "Please enter the channel name.",
  country: "Please select a country from the list.",
  language: "Please select a language from the list.",
  industry: "Please select an industry sector (*)",
  industryOther: "Please enter the other industry sector (*)",
  incoterm: "Please select delivery terms from the Incoterms 2020 list.",
  payment: "Please select a payment method from the list.",
  shipping: "Please select a shipping method from the list.",
  employees: "Please select a number of employees from the list.",
  year: "Please enter a year between 1800 and this year.",
  url: "Please enter a web address starting with http:// or https://.",
  phone: "Please enter a phone number with digits, spaces, +, - or parentheses.",
  color: "Please choose a colour as #rrggbb.",
  featuredNotPublic: "The featured content must be public on the channel.",
  duplicateContent: "Each content may appear once.",
} as const;

/** An ISO 3166-1 alpha-2 country code (upper or lower case in, upper case out). */
export const ZCountryCode = z
  .string({ error: CHANNEL_MESSAGES.country })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCountryCode, { message: CHANNEL_MESSAGES.country });

/** A web address: http or https, at most 300 characters, or empty. */
const ZHomepage = text(CHANNEL_TEXT_MAX.homepage_url).refine(
  (v) => v === "" || (/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v) && URL.canParse(v)),
  { message: CHANNEL_MESSAGES.url },
);

/** A contact e-mail, or empty. */
const ZContactEmail = z
  .string()
  .trim()
  .refine((v) => v === "" || checkEmail(v) === null, { message: MESSAGES.invalidEmail });

const ZPhone = text(CHANNEL_TEXT_MAX.contact_phone).refine((v) => v === "" || /^[+\d][\d\s()+-]*$/.test(v), {
  message: CHANNEL_MESSAGES.phone,
});

const ZSpokenLanguages = z
  .array(z.enum(SPOKEN_LANGUAGES, { error: CHANNEL_MESSAGES.language }))
  .max(SPOKEN_LANGUAGES.length)
  .transform((v) => [...new Set(v)]);

/** The other language's texts of the translatable fields. */
export const ZTransTexts = z
  .object({
    channel_name: text(CHANNEL_TEXT_MAX.channel_name).optional(),
    channel_intro: text(CHANNEL_TEXT_MAX.channel_intro).optional(),
    company_name: text(CHANNEL_TEXT_MAX.company_name).optional(),
    industry_other: text(CHANNEL_TEXT_MAX.industry_other).optional(),
    productsServices_origin: text(CHANNEL_TEXT_MAX.productsServices_origin).optional(),
    certifications: text(CHANNEL_TEXT_MAX.certifications).optional(),
  })
  .strict();
/** Translated texts of one language. */
export type TTransTexts = z.infer<typeof ZTransTexts>;

/** Who wrote a translated text. */
export const ZTransSource = z.enum(["machine", "owner"]);
/** Marks per field and language. */
export const ZTransSources = z
  .object({
    en: z.partialRecord(z.enum(TRANSLATABLE_FIELDS), ZTransSource).default({}),
    ko: z.partialRecord(z.enum(TRANSLATABLE_FIELDS), ZTransSource).default({}),
  })
  .strict();
/** Translation marks. */
export type TTransSources = z.infer<typeof ZTransSources>;

/** Incoterms: codes of the 2020 edition. */
export const ZIncoterms = z
  .object({
    edition: z.literal(INCOTERMS_EDITION).default(INCOTERMS_EDITION),
    codes: z
      .array(z.enum(INCOTERM_CODES as [string, ...string[]], { error: CHANNEL_MESSAGES.incoterm }))
      .max(INCOTERM_CODES.length)
      .transform((v) => [...new Set(v)]),
  })
  .strict();

/** Business and export info (SPEC §3 `channel_global_business_info`). Every field optional on update. */
export const ZBusinessInfo = z
  .object({
    company_name: text(CHANNEL_TEXT_MAX.company_name),
    industry: z.enum(INDUSTRIES, { error: CHANNEL_MESSAGES.industry }).nullable(),
    industry_other: text(CHANNEL_TEXT_MAX.industry_other),
    year_founded: z
      .number({ error: CHANNEL_MESSAGES.year })
      .int({ message: CHANNEL_MESSAGES.year })
      .min(1800, { message: CHANNEL_MESSAGES.year })
      .refine((y) => y <= new Date().getUTCFullYear() + 1, { message: CHANNEL_MESSAGES.year })
      .nullable(),
    employees: z.enum(EMPLOYEE_RANGES, { error: CHANNEL_MESSAGES.employees }).nullable(),
    productsServices_origin: text(CHANNEL_TEXT_MAX.productsServices_origin),
    /** 9 digits (stored without dashes); empty for none. */
    duns: z
      .string()
      .trim()
      .refine((v) => v === "" || checkDuns(v) === null, { message: MESSAGES.dunsFormat })
      .transform((v) => v.replace(/\D/g, "")),
    certifications: text(CHANNEL_TEXT_MAX.certifications),
    export_markets: z
      .array(ZCountryCode)
      .max(CHANNEL_MARKETS_MAX)
      .transform((v) => [...new Set(v)]),
    payment_methods: z
      .array(z.enum(PAYMENT_METHODS, { error: CHANNEL_MESSAGES.payment }))
      .max(PAYMENT_METHODS.length)
      .transform((v) => [...new Set(v)]),
    shipping_methods: z
      .array(z.enum(SHIPPING_METHODS, { error: CHANNEL_MESSAGES.shipping }))
      .max(SHIPPING_METHODS.length)
      .transform((v) => [...new Set(v)]),
    incoterms: ZIncoterms,
  })
  .strict();
/** Business info. */
export type TBusinessInfo = z.infer<typeof ZBusinessInfo>;

/** A person who represents the business on the channel. */
export const ZChannelProfile = z
  .object({
    profile_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    name: text(CHANNEL_TEXT_MAX.profile_name).refine((v) => v !== "", { message: "Please enter your name." }),
    job_title: text(CHANNEL_TEXT_MAX.profile_job_title),
    photo_url: ZBlobUrl.nullable(),
    languages: ZSpokenLanguages,
    /** Shown on the channel; empty for none. */
    email: ZContactEmail,
    /** The other language's name and job title, written by the owner. */
    transinfo: z
      .object({
        en: z
          .object({
            name: text(CHANNEL_TEXT_MAX.profile_name).optional(),
            job_title: text(CHANNEL_TEXT_MAX.profile_job_title).optional(),
          })
          .strict()
          .default({}),
        ko: z
          .object({
            name: text(CHANNEL_TEXT_MAX.profile_name).optional(),
            job_title: text(CHANNEL_TEXT_MAX.profile_job_title).optional(),
          })
          .strict()
          .default({}),
      })
      .strict()
      .default({ en: {}, ko: {} }),
  })
  .strict();
/** An account profile. */
export type TChannelProfile = z.infer<typeof ZChannelProfile>;

const ZColor = z.string().regex(/^#[0-9a-f]{6}$/i, { message: CHANNEL_MESSAGES.color });

/** The channel as its owner sees and edits it. */
export const ZChannelDoc = z.object({
  user_channel_id: z.string(),
  channel_name: z.string(),
  origin_lang: z.enum(CHANNEL_LANGS),
  channel_intro: z.string(),
  homepage_url: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  /** The e-mail and phone appear on the public page only when true. */
  show_contact: z.boolean(),
  country: z.string().nullable(),
  languages: z.array(z.string()),
  logo_url: ZBlobUrl.nullable(),
  cover_url: ZBlobUrl.nullable(),
  brand_color: z.string(),
  channel_global_business_info: ZBusinessInfo,
  transinfo: z.object({ en: ZTransTexts, ko: ZTransTexts }),
  trans_source: ZTransSources,
  profiles: z.array(ZChannelProfile),
  featured_content_id: z.string().nullable(),
  views: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
/** The owner's channel. */
export type TChannelDoc = z.infer<typeof ZChannelDoc>;

/** The translation provider the server runs (`none`: the owner writes both languages). */
export const ZTranslationInfo = z.object({
  provider: z.enum(["none", "deepl", "papago"]),
  /** Text to show next to machine translations (Papago asks for it); null when none. */
  attribution: z.string().nullable(),
});
/** Translation provider facts. */
export type TTranslationInfo = z.infer<typeof ZTranslationInfo>;

/** A section's changes: every key present replaces that field; absent keys stay. */
export const ZChannelUpdate = z
  .object({
    user_channel_id: z.string().min(1).max(80),
    channel_name: text(CHANNEL_TEXT_MAX.channel_name)
      .refine((v) => v !== "", { message: CHANNEL_MESSAGES.emptyName })
      .optional(),
    origin_lang: z.enum(CHANNEL_LANGS).optional(),
    channel_intro: text(CHANNEL_TEXT_MAX.channel_intro).optional(),
    homepage_url: ZHomepage.optional(),
    contact_email: ZContactEmail.optional(),
    contact_phone: ZPhone.optional(),
    show_contact: z.boolean().optional(),
    country: ZCountryCode.nullable().optional(),
    languages: ZSpokenLanguages.optional(),
    /** Images uploaded by the owner with `POST /api/upload/image` (purpose `channel_logo` / `channel_cover`). */
    logo_url: ZBlobUrl.nullable().optional(),
    cover_url: ZBlobUrl.nullable().optional(),
    brand_color: ZColor.optional(),
    channel_global_business_info: ZBusinessInfo.partial().optional(),
    transinfo: z.object({ en: ZTransTexts.optional(), ko: ZTransTexts.optional() }).strict().optional(),
    trans_source: ZTransSources.optional(),
    profiles: z.array(ZChannelProfile).max(CHANNEL_PROFILES_MAX).optional(),
  })
  .strict()
  .refine(
    (u) => {
      const info = u.channel_global_business_info;
      if (info?.industry !== "other" || info.industry_other === undefined) return true;
      return info.industry_other !== "";
    },
    { message: CHANNEL_MESSAGES.industryOther, path: ["channel_global_business_info", "industry_other"] },
  );
/** Channel changes. */
export type TChannelUpdate = z.infer<typeof ZChannelUpdate>;

/** One of the owner's contents as the channel's content manager shows it. */
export const ZChannelContentItem = z.object({
  content_id: z.string(),
  title: z.string(),
  status: z.enum(["processing", "ready", "failed"]),
  is_public: z.boolean(),
  is_featured: z.boolean(),
  thumbnail_url: z.string().nullable(),
  views: z.number().int().min(0),
});
/** A managed content. */
export type TChannelContentItem = z.infer<typeof ZChannelContentItem>;

/** Most contents one content update names. */
export const CHANNEL_CONTENTS_MAX = 500;

/** Texts to translate: translatable field → original text. */
export const ZTransData = z
  .partialRecord(z.enum(TRANSLATABLE_FIELDS), z.string().max(CHANNEL_TEXT_MAX.channel_intro))
  .refine((v) => Object.keys(v).length > 0, { message: "Choose a text to translate." });

/** A channel id as stored. */
export const ZChannelId = zId("channel");
