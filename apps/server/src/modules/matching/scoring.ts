/**
 * The weighted score of a business for an inquiry, and its reasons. The rules that exclude a
 * business (opt-in and consent, "not interested", business types sought, daily cap) run in SQL
 * before this (`queries.ts`); the facts (industry, export markets, Incoterms, `pg_trgm`
 * similarity in English and Korean) come from the channels module's SQL.
 */
import type { TMatchReason } from "@vitrine/contract";
import type { TChannelMatchFacts } from "../channels/service";

/** Points of each fact (a perfect text match is worth 50). */
export const MATCH_WEIGHTS = {
  text: 50,
  industry: 25,
  market: 15,
  businessType: 10,
  incoterms: 5,
  viewedEach: 5,
  viewedMax: 15,
} as const;
/** A business below this score is no match. */
export const MATCH_THRESHOLD = 35;
/** Text similarity below this is no reason. */
export const TEXT_REASON_MIN = 0.3;

/** The business's own matching wishes. */
export interface TSoughtSettings {
  industries: readonly string[];
  markets: readonly string[];
  buyerTypes: readonly string[];
}

/** The inquiry side. */
export interface TScoredInquiry {
  industry: string;
  country: string;
  businessType: string;
  incoterms: readonly string[];
}

/** A business's score and reasons. */
export interface TScore {
  score: number;
  reasons: TMatchReason[];
}

/** Scores one business; `viewed` counts the buyer's views of its contents and booths. */
export function scoreMatch(
  inquiry: TScoredInquiry,
  facts: TChannelMatchFacts,
  sought: TSoughtSettings | null,
  viewed: number,
): TScore {
  const reasons: TMatchReason[] = [];
  let score = 0;
  const industryFits = facts.sameIndustry || (sought?.industries.includes(inquiry.industry) ?? false);
  if (industryFits) {
    score += MATCH_WEIGHTS.industry;
    reasons.push({ code: "industry", values: [inquiry.industry], count: 0 });
  }
  const marketFits = facts.exportsToCountry || (sought?.markets.includes(inquiry.country) ?? false);
  if (marketFits) {
    score += MATCH_WEIGHTS.market;
    reasons.push({ code: "market", values: [inquiry.country], count: 0 });
  }
  const lang = facts.similarity.ko > facts.similarity.en ? "ko" : "en";
  const similarity = facts.similarity[lang];
  if (similarity >= TEXT_REASON_MIN) {
    score += similarity * MATCH_WEIGHTS.text;
    reasons.push({ code: "text", values: [facts.bestItem[lang]], count: Math.round(similarity * 100) });
  }
  if (sought && sought.buyerTypes.length > 0 && sought.buyerTypes.includes(inquiry.businessType)) {
    score += MATCH_WEIGHTS.businessType;
    reasons.push({ code: "business_type", values: [inquiry.businessType], count: 0 });
  }
  if (facts.sharedIncoterms.length > 0) {
    score += MATCH_WEIGHTS.incoterms;
    reasons.push({ code: "incoterms", values: facts.sharedIncoterms, count: 0 });
  }
  if (viewed > 0) {
    score += Math.min(MATCH_WEIGHTS.viewedMax, viewed * MATCH_WEIGHTS.viewedEach);
    reasons.push({ code: "viewed", values: [], count: viewed });
  }
  return { score: Math.round(score * 10) / 10, reasons };
}
