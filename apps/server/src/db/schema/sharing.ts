/**
 * Sharing tables (issue 5): share links, their accesses per month, and per-channel inflow
 * counters. Only modules/sharing reads or writes them.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Kinds of share link (contract SHARE_LINK_KINDS). */
export const SHARE_LINK_ROW_KINDS = ["open", "password", "sealed"] as const;

/** One share link of a content; `url` (32 base64url characters) is its only public name. */
export const shareLinks = pgTable(
  "share_links",
  {
    url: text("url").primaryKey(),
    /** The content shared (content module); links go when the content or its owner is deleted. */
    contentId: text("content_id").notNull(),
    ownerId: text("owner_id").notNull(),
    kind: text("kind", { enum: SHARE_LINK_ROW_KINDS }).notNull(),
    /** argon2id PHC string of a password link; null otherwise. */
    passwordHash: text("password_hash"),
    /** Blob key of a sealed link's ciphertext; null otherwise. */
    sealedKey: text("sealed_key"),
    sealedBytes: bigint("sealed_bytes", { mode: "number" }),
    totalAccess: integer("total_access").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("share_links_kind_check", sql`${t.kind} in ('open', 'password', 'sealed')`),
    index("share_links_content_idx").on(t.contentId, t.createdAt),
    index("share_links_owner_idx").on(t.ownerId),
    index("share_links_sealed_key_idx").on(t.sealedKey),
  ],
);

/** Accesses of one link in one UTC month (`YYYY-MM`). */
export const shareLinkMonthAccess = pgTable(
  "share_link_month_access",
  {
    url: text("url").notNull(),
    month: text("month").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.url, t.month] })],
);

/** Views of a public content reached from a channel (SPEC §7 inflow count). */
export const sharingChannelInflow = pgTable(
  "sharing_channel_inflow",
  {
    channelId: text("channel_id").notNull(),
    contentId: text("content_id").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.contentId] }),
    index("sharing_channel_inflow_content_idx").on(t.contentId),
  ],
);
