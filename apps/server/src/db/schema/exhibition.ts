/**
 * Exhibition tables (issue 13): exhibitions operators run, and the booths owners take in them.
 * Slots are not rows: they come from an exhibition's layout (`aisles × slots_per_aisle`); a booth
 * standing in one holds its `aisle` and `slot_index`, unique per exhibition, so two booths never
 * share a slot even when they race for it. Only modules/exhibition reads or writes them.
 */
import type { TBoothDocument, TExhibitionCategory } from "@vitrine/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A text in both languages. */
export interface TBilingual {
  en: string;
  ko: string;
}

/** An exhibition. */
export const exhibitions = pgTable(
  "exhibitions",
  {
    id: text("id").primaryKey(),
    name: jsonb("name").$type<TBilingual>().notNull(),
    description: jsonb("description").$type<TBilingual>().notNull(),
    opensAt: at("opens_at").notNull(),
    closesAt: at("closes_at").notNull(),
    categories: jsonb("categories").$type<TExhibitionCategory[]>().notNull(),
    aisles: integer("aisles").notNull(),
    slotsPerAisle: integer("slots_per_aisle").notNull(),
    themeColor: text("theme_color"),
    published: boolean("published").notNull().default(false),
    /** The super account that created it. */
    createdBy: text("created_by").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("exhibitions_published_idx").on(t.published, t.closesAt),
    check("exhibitions_layout_check", sql`${t.aisles} > 0 and ${t.slotsPerAisle} > 0`),
  ],
);

/** A booth: requested (no slot yet) or active (standing in a slot). */
export const booths = pgTable(
  "booths",
  {
    id: text("id").primaryKey(),
    exhibitionId: text("exhibition_id")
      .notNull()
      .references(() => exhibitions.id, { onDelete: "cascade" }),
    /** The owner's user id (accounts module); booths go with the account. */
    ownerId: text("owner_id").notNull(),
    /** The owner's channel when the booth was made (channels module). */
    channelId: text("channel_id").notNull(),
    status: text("status", { enum: ["requested", "active"] }).notNull(),
    aisle: integer("aisle"),
    slotIndex: integer("slot_index"),
    category: text("category"),
    logoText: text("logo_text").notNull().default(""),
    boothColor: text("booth_color").notNull(),
    imageUrls: jsonb("image_urls").$type<string[]>().notNull(),
    videoUrl: text("video_url"),
    /** Content ids in booth order. */
    productIds: jsonb("product_ids").$type<string[]>().notNull(),
    heroContentId: text("hero_content_id"),
    pitch: jsonb("pitch").$type<TBilingual>().notNull(),
    documents: jsonb("documents").$type<TBoothDocument[]>().notNull(),
    views: integer("views").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("booths_slot_idx").on(t.exhibitionId, t.aisle, t.slotIndex),
    index("booths_owner_idx").on(t.ownerId),
    check("booths_status_check", sql`${t.status} in ('requested', 'active')`),
    check(
      "booths_slot_check",
      sql`(${t.status} = 'active') = (${t.aisle} is not null and ${t.slotIndex} is not null)`,
    ),
  ],
);
