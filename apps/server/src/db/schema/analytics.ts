/** Analytics tables: raw view logs (SPEC §3), written in batches by modules/analytics. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Browser and device facts of a view log row (the contract's ZLogMetadata, stored as sent). */
export interface TViewLogMetadata {
  platform: string;
  platformVersion: string;
  browser: string;
  browserVersion: string;
  isMobile: boolean;
  deviceType: "desktop" | "mobile" | "tablet";
}

/** One row per page view, view_start or view_end. */
export const viewLogs = pgTable(
  "view_logs",
  {
    id: text("id").primaryKey(),
    visitUserId: text("visit_user_id").notNull().default(""),
    contentOwnerId: text("content_owner_id").notNull().default(""),
    sessionId: text("session_id").notNull(),
    contentId: text("content_id").notNull().default(""),
    pageType: text("page_type").notNull(),
    contentType: text("content_type").notNull(),
    action: text("action", { enum: ["view", "view_start", "view_end"] }).notNull(),
    path: text("path").notNull(),
    metadata: jsonb("metadata").$type<TViewLogMetadata>().notNull(),
    referrer: text("referrer").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Seconds on the page; set on view_end only. */
    duration: integer("duration"),
  },
  (t) => [
    check("view_logs_action_check", sql`${t.action} in ('view', 'view_start', 'view_end')`),
    index("view_logs_created_at_idx").on(t.createdAt),
    index("view_logs_content_id_idx").on(t.contentId),
  ],
);

/**
 * One random salt per UTC day (`YYYY-MM-DD`) for visitor hashes; deleted 48 h after it was made,
 * so yesterday's hashes can no longer be tied to anyone (issue 9 item 8).
 */
export const analyticsDailySalts = pgTable("analytics_daily_salts", {
  day: text("day").primaryKey(),
  /** 32 random bytes, hex. */
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Visitors seen today per subject (a content's view, a channel's inflow): the daily hash only,
 * never an IP or user agent. Rows go with their day's salt.
 */
export const analyticsVisitorDays = pgTable(
  "analytics_visitor_days",
  {
    day: text("day").notNull(),
    subject: text("subject").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.subject, t.visitorHash] })],
);
