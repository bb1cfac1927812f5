/** Maps matching rows to the contract's documents (explicit, field by field). */

import {
  MATCH_DAILY_CAP,
  type TConnectBuyer,
  type TConnection,
  type TConnectStatus,
  type TMatchSettings,
} from "@vitrine/contract";
import { emailKindOf } from "./email-kind";
import type { TConnectionRow, TInquiryRow, TSettingsRow } from "./queries";

/** The buyer as an inquiry names them. */
export function buyerOf(row: TInquiryRow): TConnectBuyer {
  return {
    email: row.email,
    email_kind: emailKindOf(row.email),
    company: row.company,
    contact_person: row.contactPerson,
    job_title: row.jobTitle,
    country: row.country,
    industry: row.industry,
    industry_other: row.industryOther,
    business_type: row.businessType,
    inquiry_type: row.inquiryType === "product" ? "product" : "business",
    needs: row.needs,
    quantity: row.quantity,
    incoterms: row.incoterms,
    lang: row.lang === "ko" ? "ko" : "en",
  };
}

/** A connection as its owner reads it. */
export function toConnection(connection: TConnectionRow, inquiry: TInquiryRow): TConnection {
  return {
    connection_id: connection.id,
    kind: connection.kind === "direct" ? "direct" : "matched",
    status: connection.status as TConnectStatus,
    score: connection.score,
    reasons: connection.reasons,
    buyer: buyerOf(inquiry),
    note: connection.note,
    reply: connection.reply,
    replied_at: connection.repliedAt?.toISOString() ?? null,
    created_at: connection.createdAt.toISOString(),
  };
}

/** A channel's matching settings (the defaults when none are stored). */
export function toSettings(row: TSettingsRow | undefined): TMatchSettings {
  return {
    opted_in: row?.optedIn ?? false,
    consented_at: row?.consentedAt?.toISOString() ?? null,
    industries: (row?.industries ?? []) as TMatchSettings["industries"],
    markets: row?.markets ?? [],
    buyer_types: (row?.buyerTypes ?? []) as TMatchSettings["buyer_types"],
    daily_cap: row?.dailyCap ?? MATCH_DAILY_CAP.default,
  };
}
