/** Analytics tables: raw view logs (SPEC §3), written in batches by modules/analytics. */
import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Device kinds (SPEC §9: phones and tablets by their user agent). */
export type TDeviceKind = "phone" | "tablet" | "desktop";

/**
 * One row per view, page timing row, experience, annotation open or motion step (SPEC §3, issue
 * 11). Partitioned by month on `created_at` (`view_logs_default` catches months without their
 * own partition); user agents are parsed at intake and referrers reduced to an inflow source, so
 * neither is stored, nor any IP: `visitor_hash` is the daily hash whose salt goes after 48 h.
 */
export const viewLogs = pgTable(
  "view_logs",
  {
    id: text("id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    contentOwnerId: text("content_owner_id").notNull().default(""),
    contentType: text("content_type").notNull(),
    contentId: text("content_id").notNull().default(""),
    pageType: text("page_type").notNull(),
    action: text("action").notNull(),
    path: text("path").notNull(),
    sessionId: text("session_id").notNull(),
    visitUserId: text("visit_user_id").notNull().default(""),
    visitorHash: text("visitor_hash").notNull().default(""),
    browser: text("browser").notNull().default(""),
    browserVersion: text("browser_version").notNull().default(""),
    os: text("os").notNull().default(""),
    device: text("device").$type<TDeviceKind>().notNull().default("desktop"),
    /** `kind` or `kind:name` (`direct`, `search:google`, `messenger:kakaotalk`, `site:example.com`…). */
    inflow: text("inflow").notNull().default("direct"),
    /** Seconds on the page (view_end) or in the viewer (experience). */
    duration: integer("duration"),
    /** Annotation id or motion step number. */
    detail: text("detail").notNull().default(""),
  },
  (t) => [
    primaryKey({ name: "view_logs_pkey", columns: [t.createdAt, t.id] }),
    index("view_logs_created_at_idx").on(t.createdAt),
    index("view_logs_owner_created_idx").on(t.contentOwnerId, t.createdAt),
    index("view_logs_session_idx").on(t.sessionId),
    /** A running day's earlier views of the visitors after the mark (report, rollup job). */
    index("view_logs_owner_visitor_views_idx")
      .on(t.contentOwnerId, t.visitorHash, t.createdAt)
      .where(sql`${t.action} = 'view'`),
  ],
);

/**
 * Daily rollups: per report zone, owner, scope (`""` the owner's whole report, `<type>:<id>` one
 * content, channel or booth), day, dimension and key. Owner uniques (scope `""`, dim `total`)
 * are counted on their own, never summed from per-content uniques.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    zone: text("zone").notNull(),
    ownerId: text("owner_id").notNull(),
    scope: text("scope").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    dim: text("dim").notNull(),
    key: text("key").notNull(),
    visits: integer("visits").notNull().default(0),
    experiences: integer("experiences").notNull().default(0),
    uniques: integer("uniques").notNull().default(0),
    seconds: bigint("seconds", { mode: "number" }).notNull().default(0),
    ended: integer("ended").notNull().default(0),
    opens: integer("opens").notNull().default(0),
    /** Seconds of content experiences (`experience` rows). */
    experienceSeconds: bigint("experience_seconds", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "analytics_daily_pkey", columns: [t.zone, t.ownerId, t.scope, t.day, t.dim, t.key] }),
  ],
);

/**
 * Days (per zone) with rollups: the whole day (`foldedUntil` null), or the running day folded up
 * to `foldedUntil` (its later rows are read raw). The report reads raw rows for the other days.
 */
export const analyticsRollupDays = pgTable(
  "analytics_rollup_days",
  {
    zone: text("zone").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    rows: integer("rows").notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
    /** The running day's mark: rows created before it are in the rollups. Null: the whole day. */
    foldedUntil: timestamp("folded_until", { withTimezone: true }),
  },
  (t) => [primaryKey({ name: "analytics_rollup_days_pkey", columns: [t.zone, t.day] })],
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
