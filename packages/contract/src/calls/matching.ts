/**
 * Business matching (issue 14; SPEC §1 business matching, §2 business-connecting form and manage
 * business connect, §3 form fields and consent items, §5 the form's messages). A buyer sends the
 * connecting form (no account, a verified business e-mail); with the third-party-provision
 * consent the business it was opened from and the best matching opted-in businesses (at most
 * `MATCH_MAX`) receive the buyer's details with the reasons; without it nothing reaches anyone.
 *
 * This file declares the calls; their schemas are in `matching-schemas.ts`.
 */
import { z } from "zod";
import { defineCall, ZEmpty } from "../call";
import { INDUSTRIES, isCountryCode } from "../channel-data";
import { ZEmail, ZVerificationCode } from "../validation";
import { ZLanguage } from "./accounts";
import { ZAdminReason } from "./admin";
import { text, ZId } from "./fields";
import {
  BUYER_BUSINESS_TYPES,
  CONNECT_MESSAGES,
  CONNECT_TEXT_MAX,
  MATCH_DAILY_CAP,
  ZConnection,
  ZConnectSubmit,
  ZMatchAdminInquiry,
  ZMatchSettings,
} from "./matching-schemas";

// The schemas are part of this module's exports: `calls/index.ts` re-exports this file.
export * from "./matching-schemas";

export * from "./matching-schemas";

/** Mails a 6-digit code to the buyer's business e-mail (the sign-up code machinery). */
export const connectSendCodeCall = defineCall({
  path: "/api/business/request_business_connect_send_code",
  module: "matching",
  input: z.object({ email: ZEmail, lang: ZLanguage.default("en") }).strict(),
  output: z.object({ sent: z.literal(true), resend_after: z.number().int().min(0) }),
  auth: "none",
  rate: "auth",
  summary:
    "Mails a 6-digit code to the buyer's business e-mail (valid 10 minutes, 5 tries; resend after 60 s, at most 5 an hour per address).",
});

/** Checks the buyer's code. */
export const connectVerifyCodeCall = defineCall({
  path: "/api/business/request_business_connect_verify_code",
  module: "matching",
  input: z.object({ email: ZEmail, code: ZVerificationCode }).strict(),
  output: z.object({ verified: z.literal(true) }),
  auth: "none",
  rate: "auth",
  summary: "Checks the code: 'Your email has been verified.' or 'Verification code does not match.'",
});

/** Sends the connecting form. */
export const connectSubmitCall = defineCall({
  path: "/api/business/request_business_connect_submit",
  module: "matching",
  input: ZConnectSubmit,
  output: z.object({
    doc: z.object({
      inquiry_id: z.string(),
      created_at: z.string(),
      /** False without the third-party-provision consent: no business receives anything. */
      shared: z.boolean(),
    }),
  }),
  auth: "none",
  rate: "auth",
  summary:
    "Sends the business-connecting form (verified e-mail and its code; refused fields answer the §5 messages in `data.fields`, nothing stored). With `consents.thirdParty` the business of `user_channel_id` and up to 5 matched businesses are told by a matching job; a copy goes to the buyer. Limits: 5 forms an hour per IP, 3 a day per e-mail.",
});

/** The owner's received inquiries. */
export const connectListCall = defineCall({
  path: "/api/business/request_business_connect_list",
  module: "matching",
  input: ZEmpty,
  output: z.object({ docs: z.array(ZConnection), new_count: z.number().int().min(0) }),
  auth: "owner",
  summary:
    "The caller's received inquiries (direct or matched), newest first, with reasons and buyer details.",
});

/** How many received inquiries are still new: the studio menu's badge, asked on every section change. */
export const connectNewCountCall = defineCall({
  path: "/api/business/request_business_connect_new_count",
  module: "matching",
  input: ZEmpty,
  output: z.object({ new_count: z.number().int().min(0) }),
  auth: "owner",
  summary: "How many of the caller's received inquiries are still `new` (the studio menu's badge).",
});

/** Replies to an inquiry by e-mail. */
export const connectReplyCall = defineCall({
  path: "/api/business/request_business_connect_reply",
  module: "matching",
  input: z
    .object({
      connection_id: ZId,
      message: text(CONNECT_TEXT_MAX.reply).refine((v) => v !== "", { message: "Please enter a message." }),
    })
    .strict(),
  output: z.object({ doc: ZConnection }),
  auth: "owner",
  rate: "heavy",
  summary:
    "Mails the buyer the owner's reply (Reply-To-free: the owner's channel and contact are in the text) and marks the inquiry `replied`.",
});

/** Changes an inquiry's status or note. */
export const connectUpdateCall = defineCall({
  path: "/api/business/request_business_connect_update",
  module: "matching",
  input: z
    .object({
      connection_id: ZId,
      status: z.enum(["declined", "closed", "new"]).optional(),
      note: text(CONNECT_TEXT_MAX.note).optional(),
      /** Reports the inquiry as abuse to the operators (a complaint). */
      complaint: z.boolean().optional(),
    })
    .strict(),
  output: z.object({ doc: ZConnection }),
  auth: "owner",
  summary:
    "Declines or closes an inquiry, keeps a note, or reports it as abuse; another owner's answers `notFound`.",
});

/** The owner's matching settings. */
export const matchSettingsCall = defineCall({
  path: "/api/business/request_business_connect_settings",
  module: "matching",
  input: ZEmpty,
  output: z.object({ doc: ZMatchSettings.nullable() }),
  auth: "owner",
  summary: "The matching settings of the caller's channel (null without a channel).",
});

/** Saves the owner's matching settings. */
export const matchSettingsUpdateCall = defineCall({
  path: "/api/business/request_business_connect_settings_update",
  module: "matching",
  input: z
    .object({
      opted_in: z.boolean(),
      /** The owner's consent to receive buyers' details; needed to opt in. */
      consent: z.boolean(),
      industries: z.array(z.enum(INDUSTRIES)).max(INDUSTRIES.length),
      markets: z
        .array(
          z
            .string()
            .trim()
            .transform((v) => v.toUpperCase())
            .refine(isCountryCode, { message: "Please select a country from the list." }),
        )
        .max(60),
      buyer_types: z.array(z.enum(BUYER_BUSINESS_TYPES)).max(BUYER_BUSINESS_TYPES.length),
      daily_cap: z.number().int().min(MATCH_DAILY_CAP.min).max(MATCH_DAILY_CAP.max),
    })
    .strict()
    .refine((v) => !v.opted_in || v.consent, {
      message: CONNECT_MESSAGES.settingsConsent,
      path: ["consent"],
    }),
  output: z.object({ doc: ZMatchSettings }),
  auth: "owner",
  summary: "Turns matching on (with the owner's consent) or off and sets what is sought and the daily cap.",
});

/** The one-click "not interested" of a matched business's mail. */
export const connectNotInterestedCall = defineCall({
  path: "/api/business/request_business_connect_not_interested",
  module: "matching",
  input: z.object({ token: z.string().min(10).max(200) }).strict(),
  output: z.object({ company: z.string() }),
  auth: "none",
  summary:
    "Excludes the buyer and the business of a mailed link from each other's matching for good and declines the inquiry.",
});

/** Matching activity (console). */
export const matchAdminStatsCall = defineCall({
  path: "/api/admin/request_business_connect_stats",
  module: "matching",
  input: ZEmpty,
  output: z.object({
    counts: z.object({
      inquiries: z.number().int(),
      shared: z.number().int(),
      matched: z.number().int(),
      no_match: z.number().int(),
      connections: z.number().int(),
      declines: z.number().int(),
      not_interested: z.number().int(),
      complaints: z.number().int(),
      opted_in: z.number().int(),
    }),
    docs: z.array(ZMatchAdminInquiry),
  }),
  auth: "super",
  summary:
    "Counts of inquiries, matches, declines, 'not interested' and complaints, and the latest 100 inquiries (complaints first).",
});

/** Removes an abusive inquiry (console). */
export const matchAdminRemoveCall = defineCall({
  path: "/api/admin/request_business_connect_remove",
  module: "matching",
  input: z.object({ inquiry_id: ZId, reason: ZAdminReason }).strict(),
  output: z.object({ removed: z.literal(true) }),
  auth: "super",
  summary:
    "Removes an inquiry (its personal details blanked) and every business's copy of it; the reason goes into the audit log.",
});
