/** Analytics calls: page-view logs sent without a token (SPEC §3 view log, §4 page timing). */
import { z } from "zod";
import { defineCall } from "../call";

/** The fixed key visitor log calls carry in `data` (SPEC §7); it marks our own client, no secret. */
export const LOG_FIXED_KEY = "vitrine-origin-log";

/** Actions a view log row can record. */
export const ZLogAction = z.enum(["view", "view_start", "view_end"]);

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
    contentType: z.string().min(1).max(32),
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
  })
  .strict()
  .refine((log) => log.action !== "view_end" || log.duration !== undefined, {
    message: "view_end needs a duration.",
    path: ["duration"],
  });
/** A view log row. */
export type TViewLog = z.infer<typeof ZViewLog>;

/** Stores one view log row (`view`, `view_start` or `view_end`). */
export const addOriginLogCall = defineCall({
  path: "/api/user_report/request_add_origin_log_notoken",
  module: "analytics",
  input: ZViewLog,
  output: z.object({ accepted: z.literal(true) }),
  auth: "none",
  rate: "log",
  summary: "Stores a page-view log row sent by a visitor (fixed key, no token).",
});
