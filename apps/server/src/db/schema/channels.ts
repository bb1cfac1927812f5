/**
 * Channel tables (issue 10): one channel per owner account, and the machine-translation cache.
 * Only modules/channels reads or writes them.
 */
import type { TBusinessInfo, TChannelProfile, TTransSources, TTransTexts } from "@vitrine/contract";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A channel's basic info, branding, business and export info, as stored. */
export interface TChannelInfo {
  channel_intro: string;
  homepage_url: string;
  contact_email: string;
  contact_phone: string;
  show_contact: boolean;
  country: string | null;
  languages: string[];
  logo_url: string | null;
  cover_url: string | null;
  brand_color: string;
  business: TBusinessInfo;
}

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A business's channel. `owner_id` is unique: one channel per account, even under races. */
export const channels = pgTable(
  "channels",
  {
    id: text("id").primaryKey(),
    /** The owner's user id (accounts module); the row goes with the account. */
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    /** The language the owner writes the originals in (`en` or `ko`). */
    originLang: text("origin_lang").notNull().default("en"),
    /** Basic info, branding, business and export info (contract fields, validated on the way in). */
    info: jsonb("info").$type<TChannelInfo>().notNull(),
    /** Copied from `info` so the feed and `/Reference` can filter by it. */
    industry: text("industry"),
    transinfo: jsonb("transinfo").$type<{ en: TTransTexts; ko: TTransTexts }>().notNull(),
    transSource: jsonb("trans_source").$type<TTransSources>().notNull(),
    profiles: jsonb("profiles").$type<TChannelProfile[]>().notNull(),
    /** Content ids in the owner's channel order (contents not named follow, newest first). */
    contentOrder: jsonb("content_order").$type<string[]>().notNull(),
    featuredContentId: text("featured_content_id"),
    views: integer("views").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("channels_owner_idx").on(t.ownerId),
    index("channels_industry_idx").on(t.industry, t.views),
    check("channels_origin_lang_check", sql`${t.originLang} in ('en', 'ko')`),
  ],
);

/**
 * Machine translations already made, by provider, languages and SHA-256 of the source text, so
 * the same text is never paid for twice.
 */
export const channelTranslations = pgTable(
  "channel_translations",
  {
    provider: text("provider").notNull(),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    sourceHash: text("source_hash").notNull(),
    text: text("text").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.sourceLang, t.targetLang, t.sourceHash] })],
);
