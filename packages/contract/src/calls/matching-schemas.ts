/**
 * The business matching's schemas (issue 14; SPEC §3 form fields and consent items, §5 the
 * form's messages): buyer business types, limits and messages, the connecting form, reasons,
 * buyer details, received inquiries and matching settings. The calls are in `matching.ts`.
 */
import { z } from "zod";
import { INCOTERM_CODES, INDUSTRIES, isCountryCode } from "../channel-data";
import {
  BUSINESS_FIELD_CHECKS,
  checkIndustryOther,
  INQUIRY_TYPES,
  MESSAGES,
  TEXT_FIELD_MAX,
  tooLongMessage,
  ZVerificationCode,
} from "../validation";
import { ZLanguage } from "./accounts";
import { text, ZId } from "./fields";

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
  /**
   * What kind of address it is: a free-mail provider's (`personal`) or another domain, taken as
   * the company's own (`company`); throw-away addresses are refused at the form.
   */
  email_kind: z.enum(["company", "personal"]),
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
