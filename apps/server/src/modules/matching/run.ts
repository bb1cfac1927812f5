/**
 * The matching job of one inquiry: the business the buyer came from (a direct connection) and
 * at most MATCH_MAX businesses above MATCH_THRESHOLD among those the rules in SQL leave
 * (`eligibleSettings`), scored on the channels' facts (`scoring.ts`); each business is mailed in
 * its language (a failed mail throws, so the job tries again, and nothing is mailed twice), then
 * the buyer gets the list.
 */
import { MATCH_MAX, newId, type TMatchReason } from "@vitrine/contract";
import type { TMatchQuery } from "../channels/service";
import type { TMatchingDeps } from "./deps";
import { DAY_MS, INQUIRY_KEEP_DAYS, mailSafely, notInterestedToken, tokenHash } from "./deps";
import { buyerOf } from "./docs";
import { businessMatchMail, buyerMatchesMail } from "./mails";
import {
  connectionsOfInquiry,
  eligibleSettings,
  findInquiry,
  insertConnections,
  isExcluded,
  purgeInquiries,
  setInquiryMatched,
  settingsOf,
  type TConnectionRow,
  type TInquiryRow,
  type TSettingsRow,
  updateConnection,
} from "./queries";
import { MATCH_THRESHOLD, scoreMatch } from "./scoring";

/** A connection the job is about to make. */
interface TPlanned {
  channelId: string;
  ownerId: string;
  kind: "direct" | "matched";
  score: number;
  reasons: TMatchReason[];
}

/** Runs the matching of one inquiry (the job's handler). */
export type TRunMatching = (inquiryId: string) => Promise<void>;

/** What a business seeks, as scoring reads it. */
const soughtOf = (row: TSettingsRow | undefined) =>
  row ? { industries: row.industries, markets: row.markets, buyerTypes: row.buyerTypes } : null;

/** Creates the job's handler. */
export function createMatchingRun(
  deps: Pick<
    TMatchingDeps,
    "db" | "mail" | "logger" | "publicUrl" | "tokenSecret" | "accounts" | "channels" | "content" | "now"
  >,
): TRunMatching {
  const { db, now } = deps;
  const tokenOf = (connectionId: string) => notInterestedToken(deps.tokenSecret, connectionId);

  /** Views the buyer claims of each owner's contents. */
  async function viewsByOwner(inquiry: TInquiryRow): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const ids = [...new Set(inquiry.viewed.content_ids)];
    if (ids.length === 0) return counts;
    for (const content of await deps.content.publicContentsByIds(ids)) {
      counts.set(content.ownerId, (counts.get(content.ownerId) ?? 0) + 1);
    }
    return counts;
  }

  /** The direct connection (when the buyer came from a channel that takes them) and the best matches. */
  async function plan(inquiry: TInquiryRow, query: TMatchQuery, at: Date): Promise<TPlanned[]> {
    const scored = { ...query, businessType: inquiry.businessType };
    const views = await viewsByOwner(inquiry);
    const planned: TPlanned[] = [];
    const origin = inquiry.originChannelId;
    if (origin && !(await isExcluded(db, origin, inquiry.email))) {
      const [facts] = await deps.channels.matchFacts([origin], query);
      if (facts) {
        const sought = await settingsOf(db, origin);
        const { score, reasons } = scoreMatch(scored, facts, soughtOf(sought), views.get(facts.ownerId) ?? 0);
        planned.push({
          channelId: origin,
          ownerId: facts.ownerId,
          kind: "direct",
          score,
          reasons: [{ code: "direct", values: [], count: 0 }, ...reasons],
        });
      }
    }
    const eligible = await eligibleSettings(db, {
      email: inquiry.email,
      businessType: inquiry.businessType,
      since: new Date(at.getTime() - DAY_MS),
      exclude: origin,
    });
    const settingsById = new Map(eligible.map((row) => [row.channelId, row]));
    const facts = await deps.channels.matchFacts([...settingsById.keys()], query);
    const matches = facts
      .map((f) => ({
        facts: f,
        ...scoreMatch(scored, f, soughtOf(settingsById.get(f.channelId)), views.get(f.ownerId) ?? 0),
      }))
      .filter((m) => m.score >= MATCH_THRESHOLD && !planned.some((p) => p.ownerId === m.facts.ownerId))
      .sort((a, b) => b.score - a.score || a.facts.channelId.localeCompare(b.facts.channelId))
      .slice(0, MATCH_MAX - planned.length);
    for (const m of matches) {
      planned.push({
        channelId: m.facts.channelId,
        ownerId: m.facts.ownerId,
        kind: "matched",
        score: m.score,
        reasons: m.reasons,
      });
    }
    return planned;
  }

  /** Mails each business not mailed yet; throws when one cannot be, so the job tries again. */
  async function mailBusinesses(inquiry: TInquiryRow, connections: TConnectionRow[]): Promise<void> {
    const buyer = buyerOf(inquiry);
    for (const connection of connections) {
      if (connection.mailedAt) continue;
      const owner = await deps.accounts.userInfo(connection.ownerId).catch(() => null);
      if (!owner) continue;
      const sent = await mailSafely(
        deps,
        "business notice",
        businessMatchMail({
          to: owner.email,
          lang: owner.language,
          buyer,
          reasons: connection.reasons,
          kind: connection.kind === "direct" ? "direct" : "matched",
          studioUrl: `${deps.publicUrl}/Studio/user/connections`,
          notInterestedUrl: `${deps.publicUrl}/business-connect/not-interested?t=${tokenOf(connection.id)}`,
        }),
      );
      // Thrown so the job tries again later; what was mailed is not mailed twice.
      if (!sent) throw new Error("business notice not sent");
      await updateConnection(db, connection.id, { mailedAt: now() });
    }
  }

  /** Mails the buyer the businesses they were connected with, the direct one first. */
  async function mailBuyer(inquiry: TInquiryRow, connections: TConnectionRow[], query: TMatchQuery) {
    const buyer = buyerOf(inquiry);
    const facts = await deps.channels.matchFacts(
      connections.map((c) => c.channelId),
      query,
    );
    const names = new Map(facts.map((f) => [f.channelId, f.name[buyer.lang] || f.name.en]));
    const ordered = [...connections].sort(
      (a, b) => (a.kind === "direct" ? -1 : 0) - (b.kind === "direct" ? -1 : 0) || b.score - a.score,
    );
    await mailSafely(
      deps,
      "buyer matches",
      buyerMatchesMail(
        buyer,
        ordered.map((c) => ({
          name: names.get(c.channelId) ?? c.channelId,
          url: `${deps.publicUrl}/Channel/${encodeURIComponent(c.channelId)}`,
          reasons: c.reasons.filter((r) => r.code !== "direct"),
        })),
      ),
    );
  }

  return async (inquiryId) => {
    const inquiry = await findInquiry(db, inquiryId);
    if (inquiry?.status !== "queued" || !inquiry.consentThirdParty || inquiry.removedAt) return;
    const at = now();
    await purgeInquiries(db, new Date(at.getTime() - INQUIRY_KEEP_DAYS * DAY_MS));
    const query: TMatchQuery = {
      needs: inquiry.needs,
      country: inquiry.country,
      industry: inquiry.industry,
      incoterms: inquiry.incoterms,
    };
    // Connections already made by an earlier try of this job are kept as they are.
    const existing = await connectionsOfInquiry(db, inquiry.id);
    if (existing.length === 0) {
      const planned = await plan(inquiry, query, at);
      if (planned.length > 0) {
        await insertConnections(
          db,
          planned.map((p) => {
            const id = newId("connection");
            return {
              id,
              inquiryId: inquiry.id,
              channelId: p.channelId,
              ownerId: p.ownerId,
              kind: p.kind,
              score: p.score,
              reasons: p.reasons,
              tokenHash: tokenHash(tokenOf(id)),
              createdAt: at,
              updatedAt: at,
            };
          }),
        );
      }
    }
    const connections = await connectionsOfInquiry(db, inquiry.id);
    await mailBusinesses(inquiry, connections);
    if (connections.length > 0) await mailBuyer(inquiry, connections, query);
    await setInquiryMatched(db, inquiry.id, connections.length > 0 ? "matched" : "no_match", now());
  };
}
