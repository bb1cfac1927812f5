/** Maps channel rows to the contract's documents, and picks each text in a visitor's language. */
import {
  INCOTERMS_EDITION,
  type TBusinessInfo,
  type TChannelDoc,
  type TChannelLang,
  type TPublicChannelDoc,
  type TPublicContentCard,
  TRANSLATABLE_FIELDS,
  type TTranslatableField,
} from "@vitrine/contract";
import type { TChannelInfo } from "../../db/schema/channels";
import type { TPublicContent } from "../content/service";
import type { TChannelRow } from "./queries";

/** The default brand colour (the web theme's brand blue). */
export const DEFAULT_BRAND_COLOR = "#1c7ed6";

/** Business info of a new channel. */
export function emptyBusinessInfo(): TBusinessInfo {
  return {
    company_name: "",
    industry: null,
    industry_other: "",
    year_founded: null,
    employees: null,
    productsServices_origin: "",
    duns: "",
    certifications: "",
    export_markets: [],
    payment_methods: [],
    shipping_methods: [],
    incoterms: { edition: INCOTERMS_EDITION, codes: [] },
  };
}

/** Info of a new channel. */
export function emptyInfo(): TChannelInfo {
  return {
    channel_intro: "",
    homepage_url: "",
    contact_email: "",
    contact_phone: "",
    show_contact: false,
    country: null,
    languages: [],
    logo_url: null,
    cover_url: null,
    brand_color: DEFAULT_BRAND_COLOR,
    business: emptyBusinessInfo(),
  };
}

function langOf(value: string): TChannelLang {
  return value === "ko" ? "ko" : "en";
}

/** The channel as its owner sees it. */
export function toChannelDoc(row: TChannelRow): TChannelDoc {
  const { business, ...info } = row.info;
  return {
    user_channel_id: row.id,
    channel_name: row.name,
    origin_lang: langOf(row.originLang),
    ...info,
    channel_global_business_info: { ...emptyBusinessInfo(), ...business },
    transinfo: row.transinfo,
    trans_source: row.transSource,
    profiles: row.profiles,
    featured_content_id: row.featuredContentId,
    views: row.views,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The original text of each translatable field. */
export function originalTexts(row: TChannelRow): Record<TTranslatableField, string> {
  const business = row.info.business;
  return {
    channel_name: row.name,
    channel_intro: row.info.channel_intro,
    company_name: business.company_name,
    industry_other: business.industry_other,
    productsServices_origin: business.productsServices_origin,
    certifications: business.certifications,
  };
}

/** Texts in `lang`: the translation where one exists, else the original (listed as untranslated). */
export function textsIn(
  row: TChannelRow,
  lang: TChannelLang,
): {
  texts: Record<TTranslatableField, string>;
  untranslated: TTranslatableField[];
  machine: TTranslatableField[];
} {
  const texts = originalTexts(row);
  const untranslated: TTranslatableField[] = [];
  const machine: TTranslatableField[] = [];
  if (lang === langOf(row.originLang)) return { texts, untranslated, machine };
  const translated = row.transinfo[lang] ?? {};
  const sources = row.transSource[lang] ?? {};
  for (const field of TRANSLATABLE_FIELDS) {
    if (texts[field] === "") continue;
    const other = translated[field];
    if (other !== undefined && other !== "") {
      texts[field] = other;
      if (sources[field] === "machine") machine.push(field);
    } else {
      untranslated.push(field);
    }
  }
  return { texts, untranslated, machine };
}

/** The channel as a visitor reads it in `lang`. */
export function toPublicDoc(
  row: TChannelRow,
  lang: TChannelLang,
  contents: TPublicContentCard[],
): TPublicChannelDoc {
  const { texts, untranslated, machine } = textsIn(row, lang);
  const info = row.info;
  const isOrigin = lang === langOf(row.originLang);
  return {
    user_channel_id: row.id,
    owner_id: row.ownerId,
    channel_name: texts.channel_name,
    channel_intro: texts.channel_intro,
    homepage_url: info.homepage_url,
    contact_email: info.show_contact && info.contact_email !== "" ? info.contact_email : null,
    contact_phone: info.show_contact && info.contact_phone !== "" ? info.contact_phone : null,
    country: info.country,
    languages: info.languages,
    logo_url: info.logo_url,
    cover_url: info.cover_url,
    brand_color: info.brand_color,
    views: row.views,
    channel_global_business_info: {
      ...emptyBusinessInfo(),
      ...info.business,
      company_name: texts.company_name,
      industry_other: texts.industry_other,
      productsServices_origin: texts.productsServices_origin,
      certifications: texts.certifications,
    },
    profiles: row.profiles.map((p) => {
      const other = isOrigin ? {} : (p.transinfo?.[lang] ?? {});
      return {
        profile_id: p.profile_id,
        name: other.name || p.name,
        job_title: other.job_title || p.job_title,
        photo_url: p.photo_url,
        languages: p.languages,
        email: p.email,
      };
    }),
    contents,
    lang,
    origin_lang: langOf(row.originLang),
    untranslated,
    machine_translated: machine,
  };
}

/** A public content as a channel page lists it. */
export function card(content: TPublicContent, featuredId: string | null): TPublicContentCard {
  return {
    content_id: content.contentId,
    title: content.title,
    thumbnail_url: content.thumbnailUrl,
    views: content.views,
    is_featured: content.contentId === featuredId,
    created_at: content.createdAt.toISOString(),
  };
}

/** Puts `items` in the channel's order: named ids first, the rest after in their given order. */
export function inChannelOrder<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  order: readonly string[],
): T[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  return items
    .map((item, index) => ({ item, index, rank: rank.get(idOf(item)) ?? order.length + index }))
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.item);
}
