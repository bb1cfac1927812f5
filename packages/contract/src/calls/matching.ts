/**
 * Business matching (issue 14; SPEC §1 business matching, §2 business-connecting form and manage
 * business connect, §3 form fields and consent items, §5 the form's messages). A buyer sends the
 * connecting form (no account, a verified business e-mail); with the third-party-provision
 * consent the business it was opened from and the best matching opted-in businesses (at most
 * `MATCH_MAX`) receive the buyer's details with the reasons; without it nothing reaches anyone.
 */
import { z } from "zod";
import { defineCall, ZEmpty } from "../call";
import { INCOTERM_CODES, INDUSTRIES, isCountryCode } from "../channel-data";
import {
  BUSINESS_FIELD_CHECKS,
  checkIndustryOther,
  INQUIRY_TYPES,
  MESSAGES,
  TEXT_FIELD_MAX,
  tooLongMessage,
  ZEmail,
  ZVerificationCode,
} from "../validation";
import { ZLanguage } from "./accounts";
import { ZAdminReason } from "./admin";

/** What a buyer's company is (the form's business type). */
export const BUYER_BUSINESS_TYPES = [
  "importer",
  "distributor",
  "wholesaler",
  "retailer",
  "manufacturer",
  "brand",
  "trading",
  "service",
  "other",
] as const;
/** A buyer's business type. */
export type TBuyerBusinessType = (typeof BUYER_BUSINESS_TYPES)[number];

/** Most businesses one inquiry reaches (the business it was opened from counts). */
export const MATCH_MAX = 5;
/** Where the form was opened. */
export const CONNECT_SOURCES = ["channel", "booth", "share", "embed", "home", "direct"] as const;
/** A form source. */
export type TConnectSource = (typeof CONNECT_SOURCES)[number];
/** The statuses of a received inquiry (SPEC §2 manage business connect). */
export const CONNECT_STATUSES = ["new", "replied", "declined", "closed"] as const;
/** A received inquiry's status. */
export type TConnectStatus = (typeof CONNECT_STATUSES)[number];
/** Longest texts of the form and of the studio. */
export const CONNECT_TEXT_MAX = { needs: 2000, quantity: 200, reply: 5000, note: 2000, reason: 500 } as const;
/** Most viewed contents or booths a form may name. */
export const CONNECT_VIEWED_MAX = 50;
/** A business's daily cap of matched inquiries: bounds and default. */
export const MATCH_DAILY_CAP = { min: 1, max: 50, default: 10 } as const;

/** Messages the spec does not give (they follow its wording). */
export const CONNECT_MESSAGES = {
  emptyNeeds: "Please describe the products or services you are looking for.",
  settingsConsent: "Please agree to receive buyers' details before turning matching on.",
} as const;

function text(max: number) {
  return z
    .string()
    .trim()
    .refine((v) => Array.from(v).length <= max, { message: tooLongMessage(max) });
}

const ZId = z.string().min(1).max(80);

/** The third-party-provision consent of the form, separate and unticked (PIPA Art. 17). */
export const ZConnectConsents = z.object({ thirdParty: z.boolean() }).strict();

/** What the buyer looked at in this browser session (their own claim, from sessionStorage). */
export const ZConnectViewed = z
  .object({
    content_ids: z.array(ZId).max(CONNECT_VIEWED_MAX).default([]),
    booth_ids: z.array(ZId).max(CONNECT_VIEWED_MAX).default([]),
  })
  .strict();

function isStringPair(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.industry === "string" && typeof record.industryOther === "string";
}

/**
 * The connecting form as sent: the §3 fields with their §5 messages (the contract's
 * business-connecting rules), the needs, quantity and Incoterms, the consent, and where it came from.
 */
export const ZConnectSubmit = z
  .object({
    country: z
      .string({ error: MESSAGES.selectCountry })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(isCountryCode, { message: MESSAGES.selectCountry }),
    email: z
      .string({ error: MESSAGES.emptyBusinessEmail })
      .trim()
      .superRefine((v, ctx) => {
        const message = BUSINESS_FIELD_CHECKS.email(v);
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    code: ZVerificationCode,
    company: required(BUSINESS_FIELD_CHECKS.company, MESSAGES.emptyCompany),
    contactPerson: required(BUSINESS_FIELD_CHECKS.contactPerson, MESSAGES.emptyContactPerson),
    jobTitle: required(BUSINESS_FIELD_CHECKS.jobTitle, MESSAGES.emptyJobTitle),
    industry: z.enum(INDUSTRIES, { error: MESSAGES.selectIndustry }),
    industryOther: z
      .string({ error: MESSAGES.emptyIndustryOther })
      .trim()
      .max(TEXT_FIELD_MAX, tooLongMessage(TEXT_FIELD_MAX))
      .default(""),
    inquiryType: z.enum(INQUIRY_TYPES, { error: MESSAGES.selectInquiryType }),
    businessType: z.enum(BUYER_BUSINESS_TYPES, { error: MESSAGES.selectBusinessType }),
    needs: text(CONNECT_TEXT_MAX.needs).refine((v) => v !== "", { message: CONNECT_MESSAGES.emptyNeeds }),
    quantity: text(CONNECT_TEXT_MAX.quantity).default(""),
    incoterms: z
      .array(z.enum(INCOTERM_CODES as [string, ...string[]]))
      .max(INCOTERM_CODES.length)
      .default([])
      .transform((v) => [...new Set(v)]),
    consents: ZConnectConsents,
    user_channel_id: ZId.nullable().default(null),
    source: z.enum(CONNECT_SOURCES).default("direct"),
    content_id: ZId.nullable().default(null),
    viewed: ZConnectViewed.default({ content_ids: [], booth_ids: [] }),
    lang: ZLanguage.default("en"),
  })
  .strict()
  .refine((form) => checkIndustryOther(form.industry, form.industryOther) === null, {
    message: MESSAGES.emptyIndustryOther,
    path: ["industryOther"],
    when: (payload) => isStringPair(payload.value),
  });
/** The connecting form, as validated. */
export type TConnectSubmit = z.output<typeof ZConnectSubmit>;

function required(check: (value: string) => string | null, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .superRefine((v, ctx) => {
      const message = check(v);
      if (message) ctx.addIssue({ code: "custom", message });
    });
}

/** Why a business fits an inquiry: a code and its values, worded by each reader in their language. */
export const ZMatchReason = z.object({
  code: z.enum(["direct", "industry", "market", "incoterms", "business_type", "text", "viewed"]),
  /** Industry, country or Incoterms codes, a business type, or the matched words. */
  values: z.array(z.string()),
  /** Viewed contents or booths; the text similarity in percent. */
  count: z.number().int().min(0),
});
/** A reason. */
export type TMatchReason = z.infer<typeof ZMatchReason>;

/** The buyer's details a business receives (only with the third-party-provision consent). */
export const ZConnectBuyer = z.object({
  email: z.string(),
  company: z.string(),
  contact_person: z.string(),
  job_title: z.string(),
  country: z.string(),
  industry: z.string(),
  industry_other: z.string(),
  business_type: z.string(),
  inquiry_type: z.enum(INQUIRY_TYPES),
  needs: z.string(),
  quantity: z.string(),
  incoterms: z.array(z.string()),
  lang: ZLanguage,
});
/** Buyer details. */
export type TConnectBuyer = z.infer<typeof ZConnectBuyer>;

/** One inquiry a business received, as its studio shows it. */
export const ZConnection = z.object({
  connection_id: z.string(),
  kind: z.enum(["direct", "matched"]),
  status: z.enum(CONNECT_STATUSES),
  score: z.number(),
  reasons: z.array(ZMatchReason),
  buyer: ZConnectBuyer,
  note: z.string(),
  reply: z.string(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
/** A received inquiry. */
export type TConnection = z.infer<typeof ZConnection>;

/** A business's matching settings (its own consent to receive buyers' details). */
export const ZMatchSettings = z.object({
  opted_in: z.boolean(),
  /** When the owner consented; null while off. */
  consented_at: z.string().nullable(),
  /** Buyer industries sought; empty for the channel's own industry. */
  industries: z.array(z.enum(INDUSTRIES)),
  /** Buyer countries sought besides the export markets; empty for the export markets only. */
  markets: z.array(z.string()),
  /** Buyer business types sought; empty for any. */
  buyer_types: z.array(z.enum(BUYER_BUSINESS_TYPES)),
  daily_cap: z.number().int(),
});
/** Matching settings. */
export type TMatchSettings = z.infer<typeof ZMatchSettings>;

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

/** Matching activity for the operators. */
export const ZMatchAdminInquiry = z.object({
  inquiry_id: z.string(),
  email: z.string(),
  company: z.string(),
  country: z.string(),
  needs: z.string(),
  shared: z.boolean(),
  status: z.string(),
  connections: z.number().int(),
  declines: z.number().int(),
  complaints: z.number().int(),
  created_at: z.string(),
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
