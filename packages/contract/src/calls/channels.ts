/**
 * Channels (issue 10; SPEC §2 channel page and settings, §3 Channel, §4 channel states and view
 * counting, §5 DUNS and images, §7 the channel calls). A channel is the business: one per owner
 * account, id `channel_` + UUID, its public home at `/Channel/:id`.
 *
 * Texts: the owner writes the originals in `origin_lang`; `transinfo.{ko,en}` hold the other
 * language's texts of the translatable fields, each marked `machine` or `owner` in `trans_source`.
 */
import { z } from "zod";
import { defineCall, ZEmpty } from "../call";
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
import { checkDuns, checkEmail, MESSAGES, tooLongMessage } from "../validation";
import { ZBlobUrl } from "./content";
import { ZBranding, ZSharedContent } from "./sharing";

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

/** A text of at most `max` characters, trimmed. */
function text(max: number) {
  return z
    .string()
    .trim()
    .refine((v) => Array.from(v).length <= max, { message: tooLongMessage(max) });
}

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

/** The owner's channel, or null before one is created (SPEC §4). */
export const myChannelCall = defineCall({
  path: "/api/business/request_business_userEmailById_MyChannel",
  module: "channels",
  input: ZEmpty,
  output: z.object({ doc: ZChannelDoc.nullable(), translation: ZTranslationInfo }),
  auth: "owner",
  summary: "The caller's channel (`data.doc`, null when none yet) and the translation provider in use.",
});

/** Creates the caller's channel; one per account. */
export const channelCreateCall = defineCall({
  path: "/api/business/request_business_channel_create",
  module: "channels",
  input: z
    .object({
      channel_name: text(CHANNEL_TEXT_MAX.channel_name).refine((v) => v !== "", {
        message: CHANNEL_MESSAGES.emptyName,
      }),
      origin_lang: z.enum(CHANNEL_LANGS).default("en"),
    })
    .strict(),
  output: z.object({ doc: ZChannelDoc }),
  auth: "owner",
  summary:
    "Creates the caller's channel (id `channel_` + UUID) with 'Channel created.'; a second one answers `channelExists`.",
});

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

/** Saves one section of the caller's channel. */
export const channelUpdateCall = defineCall({
  path: "/api/business/request_business_channel_update",
  module: "channels",
  input: ZChannelUpdate,
  output: z.object({ doc: ZChannelDoc }),
  auth: "owner",
  summary:
    "Saves the fields sent (basic info, branding, business and export info, translations, profiles) with 'Update applied.'. Images must be the owner's uploads; another owner's channel answers `notFound`.",
});

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

/** The owner's contents in channel order (public ones first, in the owner's order). */
export const channelContentsCall = defineCall({
  path: "/api/business/request_business_channel_contents",
  module: "channels",
  input: z.object({ user_channel_id: z.string().min(1).max(80) }).strict(),
  output: z.object({ docs: z.array(ZChannelContentItem) }),
  auth: "owner",
  summary: "The caller's contents with their channel visibility, order and the featured one.",
});

/** Most contents one content update names. */
export const CHANNEL_CONTENTS_MAX = 500;

/** Sets which contents are public on the channel, their order, and the featured one. */
export const channelContentsUpdateCall = defineCall({
  path: "/api/business/request_business_channel_contents_update",
  module: "channels",
  input: z
    .object({
      user_channel_id: z.string().min(1).max(80),
      /** In channel order. Contents not named keep their visibility and go after these. */
      contents: z
        .array(z.object({ content_id: z.string().min(1).max(80), is_public: z.boolean() }).strict())
        .max(CHANNEL_CONTENTS_MAX)
        .refine((items) => new Set(items.map((i) => i.content_id)).size === items.length, {
          message: CHANNEL_MESSAGES.duplicateContent,
        }),
      featured_content_id: z.string().min(1).max(80).nullable(),
    })
    .strict()
    .refine(
      (v) =>
        v.featured_content_id === null ||
        v.contents.some((c) => c.content_id === v.featured_content_id && c.is_public),
      { message: CHANNEL_MESSAGES.featuredNotPublic, path: ["featured_content_id"] },
    ),
  output: z.object({ docs: z.array(ZChannelContentItem) }),
  auth: "owner",
  summary:
    "Makes contents public or not on the channel, orders them and picks one featured content with 'Update applied.'. A content that is not ready answers `contentNotReady`.",
});

/** A content card on a channel, the feed or the showcase. */
export const ZPublicContentCard = z.object({
  content_id: z.string(),
  title: z.string(),
  thumbnail_url: z.string().nullable(),
  views: z.number().int().min(0),
  is_featured: z.boolean(),
  created_at: z.string(),
});
/** A content card. */
export type TPublicContentCard = z.infer<typeof ZPublicContentCard>;

/** The channel as a visitor reads it, texts in the asked language where a translation exists. */
export const ZPublicChannelDoc = z.object({
  user_channel_id: z.string(),
  /** The owner's user id, so a signed-in owner sees 'Go to My Channel'. */
  owner_id: z.string(),
  channel_name: z.string(),
  channel_intro: z.string(),
  homepage_url: z.string(),
  /** Null unless the owner chose to show them. */
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  country: z.string().nullable(),
  languages: z.array(z.string()),
  logo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  brand_color: z.string(),
  views: z.number().int().min(0),
  channel_global_business_info: ZBusinessInfo,
  profiles: z.array(
    z.object({
      profile_id: z.string(),
      name: z.string(),
      job_title: z.string(),
      photo_url: z.string().nullable(),
      languages: z.array(z.string()),
      email: z.string(),
    }),
  ),
  contents: z.array(ZPublicContentCard),
  /** The language the texts were asked in, and the one the owner writes in. */
  lang: z.enum(CHANNEL_LANGS),
  origin_lang: z.enum(CHANNEL_LANGS),
  /** Fields shown in the original language because no translation exists. */
  untranslated: z.array(z.enum(TRANSLATABLE_FIELDS)),
  /** Fields whose text is a machine translation. */
  machine_translated: z.array(z.enum(TRANSLATABLE_FIELDS)),
});
/** A public channel. */
export type TPublicChannelDoc = z.infer<typeof ZPublicChannelDoc>;

/** A channel for visitors (SPEC §7), no token. */
export const channelPublicCall = defineCall({
  path: "/api/business/request_business_ChannelById_UserChannel",
  module: "channels",
  input: z.object({ user_channel_id: z.string().min(1).max(80), lang: z.enum(CHANNEL_LANGS) }).strict(),
  output: z.object({
    doc: ZPublicChannelDoc,
    /** True when every text is in the asked language (the original language, or translated). */
    istranscheck: z.boolean(),
  }),
  auth: "none",
  summary:
    "A channel with its public ready contents (`data.doc`) and whether every text is in the asked language (`data.istranscheck`); `invalidChannel` for an unknown id.",
});

/** Texts to translate: translatable field → original text. */
export const ZTransData = z
  .partialRecord(z.enum(TRANSLATABLE_FIELDS), z.string().max(CHANNEL_TEXT_MAX.channel_intro))
  .refine((v) => Object.keys(v).length > 0, { message: "Choose a text to translate." });

/** Machine-translates texts of the caller's channel and stores them as machine translations. */
export const channelAutoTranslateCall = defineCall({
  path: "/api/business/request_business_channel_auto_translation",
  module: "channels",
  input: z
    .object({
      user_channel_id: z.string().min(1).max(80),
      trans_data: ZTransData,
      target_lang: z.enum(CHANNEL_LANGS),
      origin_lang: z.enum(CHANNEL_LANGS).default("en"),
    })
    .strict()
    .refine((v) => v.target_lang !== v.origin_lang, {
      message: "Choose another language to translate into.",
      path: ["target_lang"],
    }),
  output: z.object({ doc: ZChannelDoc }),
  auth: "owner",
  rate: "heavy",
  summary:
    "Translates the given texts (SPEC §7, origin `en` by default) into `transinfo[target_lang]`, marked machine; `translationOff` with no provider configured.",
});

/** Counts a visit of a channel page: once a day per visitor (SPEC §4 channel cookie). */
export const channelVisitCall = defineCall({
  path: "/api/business/request_business_Connect_update_visit_channel_count",
  module: "channels",
  input: z.object({ user_channel_id: z.string().min(1).max(80) }).strict(),
  output: z.object({ counted: z.boolean() }),
  auth: "none",
  summary: "Counts one view of a channel unless this visitor's day cookie for it is present.",
});

/** One public content of a channel, to show in the viewer on the channel content page. */
export const channelContentCall = defineCall({
  path: "/api/business/request_business_ChannelContent_UserChannel",
  module: "channels",
  input: z
    .object({ user_channel_id: z.string().min(1).max(80), user_contents_id: z.string().min(1).max(80) })
    .strict(),
  output: z.object({
    doc: ZSharedContent,
    branding: ZBranding,
    channel: z.object({
      user_channel_id: z.string(),
      /** The channel owner's user id, for the visitor's view rows (`contentOwnerId`). */
      owner_id: z.string(),
      channel_name: z.string(),
      logo_url: z.string().nullable(),
      brand_color: z.string(),
    }),
  }),
  auth: "none",
  summary:
    "A public ready content of a channel with the owner's branding; `notFound` otherwise. Counts nothing.",
});

/** A content card with its channel, for the feed and the showcase. */
export const ZFeedItem = ZPublicContentCard.extend({
  channel: z.object({
    user_channel_id: z.string(),
    channel_name: z.string(),
    logo_url: z.string().nullable(),
    industry: z.string().nullable(),
  }),
});
/** A feed item. */
export type TFeedItem = z.infer<typeof ZFeedItem>;

/** Items one feed page answers. */
export const FEED_PAGE_SIZE = 24;

/** The feed (newest first, pages by cursor) and the showcase (featured and most viewed). */
export const feedCall = defineCall({
  path: "/api/business/request_business_feed",
  module: "channels",
  input: z
    .object({
      kind: z.enum(["feed", "showcase"]),
      lang: z.enum(CHANNEL_LANGS),
      industry: z.enum(INDUSTRIES).nullable().default(null),
      /** The `next_cursor` of the previous page (feed only). */
      cursor: z.string().max(200).nullable().default(null),
    })
    .strict(),
  output: z.object({ docs: z.array(ZFeedItem), next_cursor: z.string().nullable() }),
  auth: "none",
  summary:
    "Public ready contents of every channel: the feed newest first in pages of 24, the showcase featured then most viewed; both filterable by industry.",
});

/** A channel card for `/Reference`. */
export const ZChannelCard = z.object({
  user_channel_id: z.string(),
  channel_name: z.string(),
  channel_intro: z.string(),
  logo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  industry: z.string().nullable(),
  country: z.string().nullable(),
  views: z.number().int().min(0),
});
/** A channel card. */
export type TChannelCard = z.infer<typeof ZChannelCard>;

/** Channels by industry, as use cases (`/Reference`). */
export const channelListCall = defineCall({
  path: "/api/business/request_business_channel_list",
  module: "channels",
  input: z
    .object({ lang: z.enum(CHANNEL_LANGS), industry: z.enum(INDUSTRIES).nullable().default(null) })
    .strict(),
  output: z.object({ docs: z.array(ZChannelCard) }),
  auth: "none",
  summary: "Channels with at least one public content, most viewed first (at most 100), by industry.",
});

/** A channel id as stored. */
export const ZChannelId = zId("channel");
