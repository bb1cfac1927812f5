/**
 * Business matching tables (issue 14). Only modules/matching reads or writes them.
 * - `match_inquiries`: the connecting forms buyers sent (personal data: kept a year at most).
 * - `match_connections`: which business received which inquiry, why, and its handling.
 * - `match_settings`: a business's own opt-in to matching (with its consent), keyed by channel.
 * - `match_exclusions`: "not interested" pairs of business and buyer address, for good.
 */
import type { TMatchReason } from "@vitrine/contract";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** What the buyer says they viewed in the browser session. */
export interface TInquiryViewed {
  content_ids: string[];
  booth_ids: string[];
}

/** A connecting form as sent. */
export const matchInquiries = pgTable(
  "match_inquiries",
  {
    id: text("id").primaryKey(),
    /** Lower-cased, verified business address. */
    email: text("email").notNull(),
    lang: text("lang").notNull().default("en"),
    country: text("country").notNull(),
    company: text("company").notNull(),
    contactPerson: text("contact_person").notNull(),
    jobTitle: text("job_title").notNull(),
    industry: text("industry").notNull(),
    industryOther: text("industry_other").notNull().default(""),
    inquiryType: text("inquiry_type").notNull(),
    businessType: text("business_type").notNull(),
    needs: text("needs").notNull(),
    quantity: text("quantity").notNull().default(""),
    incoterms: jsonb("incoterms").$type<string[]>().notNull(),
    /** The third-party-provision consent (PIPA Art. 17); without it no business sees anything. */
    consentThirdParty: boolean("consent_third_party").notNull(),
    consentedAt: at("consented_at"),
    source: text("source").notNull(),
    originChannelId: text("origin_channel_id"),
    originContentId: text("origin_content_id"),
    viewed: jsonb("viewed").$type<TInquiryViewed>().notNull(),
    /** queued → matched | no_match; not_shared without consent; removed by an operator. */
    status: text("status").notNull().default("queued"),
    createdAt: at("created_at").notNull().defaultNow(),
    matchedAt: at("matched_at"),
    removedAt: at("removed_at"),
    removedReason: text("removed_reason"),
  },
  (t) => [
    index("match_inquiries_created_idx").on(t.createdAt),
    index("match_inquiries_email_idx").on(t.email, t.createdAt),
  ],
);

/** One business's copy of an inquiry. */
export const matchConnections = pgTable(
  "match_connections",
  {
    id: text("id").primaryKey(),
    inquiryId: text("inquiry_id")
      .notNull()
      .references(() => matchInquiries.id, { onDelete: "cascade" }),
    channelId: text("channel_id").notNull(),
    ownerId: text("owner_id").notNull(),
    /** `direct`: sent from the business's own page; `matched`: chosen by the matching job. */
    kind: text("kind").notNull(),
    score: real("score").notNull().default(0),
    reasons: jsonb("reasons").$type<TMatchReason[]>().notNull(),
    status: text("status").notNull().default("new"),
    note: text("note").notNull().default(""),
    reply: text("reply").notNull().default(""),
    repliedAt: at("replied_at"),
    complaint: boolean("complaint").notNull().default(false),
    notInterested: boolean("not_interested").notNull().default(false),
    /** SHA-256 of the "not interested" link's token. */
    tokenHash: text("token_hash").notNull(),
    mailedAt: at("mailed_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("match_connections_pair_idx").on(t.inquiryId, t.channelId),
    index("match_connections_owner_idx").on(t.ownerId, t.createdAt),
    index("match_connections_mailed_idx").on(t.channelId, t.mailedAt),
    uniqueIndex("match_connections_token_idx").on(t.tokenHash),
  ],
);

/** A business's matching settings. */
export const matchSettings = pgTable(
  "match_settings",
  {
    channelId: text("channel_id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    optedIn: boolean("opted_in").notNull().default(false),
    consentedAt: at("consented_at"),
    industries: jsonb("industries").$type<string[]>().notNull(),
    markets: jsonb("markets").$type<string[]>().notNull(),
    buyerTypes: jsonb("buyer_types").$type<string[]>().notNull(),
    dailyCap: integer("daily_cap").notNull().default(10),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("match_settings_owner_idx").on(t.ownerId)],
);

/** A business that is not interested in a buyer address: never matched again. */
export const matchExclusions = pgTable(
  "match_exclusions",
  {
    channelId: text("channel_id").notNull(),
    ownerId: text("owner_id").notNull(),
    email: text("email").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.email] }), index("match_exclusions_owner_idx").on(t.ownerId)],
);
