/** Analytics calls: page-view logs sent without a token (SPEC §3 view log, §4 page timing). */
import { z } from "zod";
import { defineCall } from "../call";

/** The fixed key visitor log calls carry in `data` (SPEC §7); it marks our own client, no secret. */
export const LOG_FIXED_KEY = "vitrine-origin-log";

/**
 * Actions a view log row can record: page timing (`view_start`, `view_end` with seconds), a view
 * of a content, channel, booth or matching form (`view`), a viewer session with interaction
 * (`experience`, with seconds), an annotation opened (`annotation_open`, `detail` = its id) and a
 * motion step played (`motion_step`, `detail` = the step's number from 1).
 */
export const LOG_ACTIONS = [
  "view",
  "view_start",
  "view_end",
  "experience",
  "annotation_open",
  "motion_step",
] as const;
export const ZLogAction = z.enum(LOG_ACTIONS);
/** A view log action. */
export type TLogAction = (typeof LOG_ACTIONS)[number];

/** What a row is about: pages (`home`) and the things owners are reported on (SPEC §3). */
export const LOG_CONTENT_TYPES = ["home", "product", "channel", "booth", "match"] as const;
/** A view log content type. */
export type TLogContentType = (typeof LOG_CONTENT_TYPES)[number];
/** The content types an owner's report counts. */
export const REPORT_CONTENT_TYPES = ["product", "channel", "booth", "match"] as const;
/** A reported content type. */
export type TReportContentType = (typeof REPORT_CONTENT_TYPES)[number];

/** Most rows one beacon may carry. */
export const LOG_BATCH_MAX = 50;

/** Browser and device facts sent with a log row. */
export const ZLogMetadata = z
  .object({
    platform: z.string().max(64).default(""),
    platformVersion: z.string().max(64).default(""),
    browser: z.string().max(64).default(""),
    browserVersion: z.string().max(64).default(""),
    isMobile: z.boolean().default(false),
    deviceType: z.enum(["desktop", "mobile", "tablet"]).default("desktop"),
  })
  .strict();

/** One view log row as sent by a visitor's browser. */
export const ZViewLog = z
  .object({
    key: z.literal(LOG_FIXED_KEY),
    visit_userId: z.string().max(80).default(""),
    contentOwnerId: z.string().max(80).default(""),
    sessionId: z.string().min(8).max(80),
    contentId: z.string().max(80).default(""),
    pageType: z.string().min(1).max(64),
    contentType: z.enum(LOG_CONTENT_TYPES),
    action: ZLogAction,
    path: z.string().min(1).max(2048),
    metadata: ZLogMetadata,
    referrer: z.string().max(2048).default(""),
    duration: z
      .number()
      .int()
      .min(0)
      .max(86_400 * 7)
      .optional(),
    /** The annotation id (`annotation_open`) or motion step number (`motion_step`). */
    detail: z.string().max(120).default(""),
  })
  .strict()
  .refine((log) => (log.action !== "view_end" && log.action !== "experience") || log.duration !== undefined, {
    message: "view_end and experience need a duration.",
    path: ["duration"],
  })
  .refine((log) => (log.action !== "annotation_open" && log.action !== "motion_step") || log.detail !== "", {
    message: "annotation_open and motion_step need a detail.",
    path: ["detail"],
  });
/** A view log row. */
export type TViewLog = z.infer<typeof ZViewLog>;

/** A beacon's batch: up to 50 rows in one request. */
export const ZViewLogBatch = z.object({ rows: z.array(ZViewLog).min(1).max(LOG_BATCH_MAX) }).strict();

/** Stores one view log row, or a batch `{rows: [...]}` of up to 50. */
export const addOriginLogCall = defineCall({
  path: "/api/user_report/request_add_origin_log_notoken",
  module: "analytics",
  input: z.union([ZViewLogBatch, ZViewLog]),
  output: z.object({ accepted: z.literal(true) }),
  auth: "none",
  rate: "log",
  summary:
    "Stores page-view log rows sent by a visitor (fixed key, no token): one row or {rows} (≤ 50). Bots are dropped.",
});

/** A calendar day `YYYY-MM-DD`. */
export const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD.");
/** Longest report range (days). */
export const REPORT_MAX_DAYS = 400;
/** Zones a report is counted in: Korean owners read KST (§9), others UTC days. */
export const REPORT_ZONES = ["UTC", "Asia/Seoul"] as const;
/** A report zone. */
export type TReportZone = (typeof REPORT_ZONES)[number];
/** Dimensions a report can be filtered by (a breakdown row clicked). */
export const REPORT_FILTERS = ["content_type", "browser", "device", "os", "inflow"] as const;

/** Figures of one period. */
export const ZReportFigures = z.object({
  visits: z.number().int().nullable(),
  experiences: z.number().int().nullable(),
  uniques: z.number().int().nullable(),
  /** Average seconds of an ended view (page time or viewer time). */
  avg_seconds: z.number().nullable(),
  /** Average seconds of a content experience (null when the plan hides experiences). */
  avg_experience_seconds: z.number().nullable(),
});

/** A breakdown row: a key and its visits (and uniques where kept). */
export const ZReportRow = z.object({
  key: z.string(),
  visits: z.number().int(),
  uniques: z.number().int(),
});
/** A named thing in the report: a content, channel or booth. */
export const ZReportThing = z.object({
  type: z.string(),
  id: z.string(),
  name: z.string(),
  visits: z.number().int(),
  experiences: z.number().int(),
  uniques: z.number().int(),
});
/** An annotation or motion step ranked by opens/plays. */
export const ZReportDetail = z.object({ id: z.string(), name: z.string(), count: z.number().int() });

/** The owner's report for a range. */
export const ZReportSummary = z.object({
  from: ZDay,
  to: ZDay,
  zone: z.enum(REPORT_ZONES),
  /** Figures the owner's plan hides (the plan table's analytics keys). */
  locked: z.array(z.string()),
  visits: z.number().int().nullable(),
  experiences: z.number().int().nullable(),
  uniques: z.number().int().nullable(),
  avg_seconds: z.number().nullable(),
  /** Average seconds of a content experience (null when the plan hides experiences). */
  avg_experience_seconds: z.number().nullable(),
  /** The same figures over the previous period of the same length. */
  previous: ZReportFigures,
  /** Visitors in the last 5 minutes. */
  realtime: z.number().int(),
  by_type: z.array(ZReportRow).nullable(),
  by_browser: z.array(ZReportRow).nullable(),
  by_device: z.array(ZReportRow).nullable(),
  by_os: z.array(ZReportRow).nullable(),
  by_inflow: z.array(ZReportRow).nullable(),
  top: z.array(ZReportThing),
  annotations: z.array(ZReportDetail),
  motion_steps: z.array(ZReportDetail),
  daily: z.array(
    z.object({
      day: ZDay,
      visits: z.number().int().nullable(),
      experiences: z.number().int().nullable(),
      uniques: z.number().int().nullable(),
    }),
  ),
});
/** The owner's report. */
export type TReportSummary = z.infer<typeof ZReportSummary>;

/** The owner's report for `from`–`to` (days in `zone`), optionally of one content and one filter. */
export const reportSummaryCall = defineCall({
  path: "/api/user_report/request_report_summary",
  module: "analytics",
  input: z
    .object({
      from: ZDay,
      to: ZDay,
      content_id: z.string().min(1).max(80).optional(),
      /** The content's type when `content_id` names a channel, booth or match (default product). */
      content_type: z.enum(REPORT_CONTENT_TYPES).optional(),
      zone: z.enum(REPORT_ZONES).optional(),
      filter: z
        .object({ dim: z.enum(REPORT_FILTERS), key: z.string().max(200) })
        .strict()
        .optional(),
    })
    .strict()
    .refine((input) => input.from <= input.to, { message: "from must not be after to.", path: ["to"] })
    .refine((input) => Date.parse(input.to) - Date.parse(input.from) <= REPORT_MAX_DAYS * 86_400_000, {
      message: `At most ${REPORT_MAX_DAYS} days.`,
      path: ["from"],
    }),
  output: ZReportSummary,
  auth: "owner",
  summary:
    "The owner's analytics for a range: visits, experiences, uniques, breakdowns, top contents, daily figures.",
});
