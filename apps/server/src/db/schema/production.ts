/**
 * Model production tables (issue 15): the price table operators edit, owners' requests and each
 * request's history (status steps and messages). Only modules/production reads or writes them.
 */
import type { TUploadedFile } from "@vitrine/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One line of the model price table: a product kind × complexity. */
export const productionPrices = pgTable(
  "production_prices",
  {
    kind: text("kind").notNull(),
    complexity: text("complexity").notNull(),
    priceKrw: integer("price_krw").notNull(),
    priceUsd: integer("price_usd").notNull(),
    annotations: integer("annotations").notNull(),
    motionSteps: integer("motion_steps").notNull(),
    turnaroundDays: integer("turnaround_days").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.complexity] })],
);

/** An owner's request for a model. */
export const productionRequests = pgTable(
  "production_requests",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    productName: text("product_name").notNull(),
    description: text("description").notNull(),
    purpose: text("purpose").notNull(),
    kind: text("kind"),
    wantsMotion: boolean("wants_motion").notNull(),
    wantsAr: boolean("wants_ar").notNull(),
    quantity: integer("quantity").notNull(),
    /** `YYYY-MM-DD` the owner wishes for, or null. */
    wishedDate: text("wished_date"),
    files: jsonb("files").$type<TUploadedFile[]>().notNull(),
    status: text("status").notNull().default("received"),
    quotePrice: integer("quote_price"),
    quoteCurrency: text("quote_currency"),
    quoteDate: text("quote_date"),
    quoteNote: text("quote_note"),
    /** The delivered model's content (content module). */
    contentId: text("content_id"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "production_requests_status_check",
      sql`${t.status} in ('received', 'quoted', 'in_production', 'delivered', 'closed', 'declined')`,
    ),
    index("production_requests_owner_idx").on(t.ownerId, t.createdAt),
    index("production_requests_status_idx").on(t.status, t.createdAt),
  ],
);

/** A request's history: each status step and each message, in order. */
export const productionEvents = pgTable(
  "production_events",
  {
    id: text("id").primaryKey(),
    requestId: text("request_id").notNull(),
    kind: text("kind").notNull(),
    status: text("status"),
    author: text("author").notNull(),
    authorId: text("author_id").notNull(),
    text: text("text").notNull().default(""),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("production_events_kind_check", sql`${t.kind} in ('status', 'message')`),
    check("production_events_author_check", sql`${t.author} in ('owner', 'operator')`),
    index("production_events_request_idx").on(t.requestId, t.createdAt),
  ],
);
