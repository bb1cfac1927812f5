/**
 * The matching service (issue 14): the connecting form (verified e-mail, limits, consent), the
 * matching job (rules in SQL, weighted score, at most MATCH_MAX businesses above the threshold,
 * mails in each recipient's language), the owners' connections, their settings, the one-click
 * "not interested", and the operators' view.
 */
import { createHash, createHmac } from "node:crypto";
import {
  AppError,
  MATCH_DAILY_CAP,
  MATCH_MAX,
  newId,
  type TConnectBuyer,
  type TConnection,
  type TConnectStatus,
  type TConnectSubmit,
  type TLanguage,
  type TMatchReason,
  type TMatchSettings,
  type TUserInfo,
} from "@vitrine/contract";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { matchConnections, matchExclusions, matchInquiries, matchSettings } from "../../db/schema/matching";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TDrizzle, TJobQueue, TMailer, TRateLimiter } from "../../platform/types";
import type { TVerificationService } from "../accounts/verification";
import type { TChannelMatchFacts, TMatchQuery } from "../channels/matching-facts";
import { businessMatchMail, buyerCopyMail, buyerMatchesMail, replyMail } from "./mails";
import {
  connectionOfOwner,
  connectionsOfOwner,
  countInquiriesSince,
  deleteOwnerData,
  eligibleSettings,
  findInquiry,
  isExcluded,
  newConnectionsOfOwner,
  purgeInquiries,
  settingsOf,
  type TConnectionRow,
  type TInquiryRow,
  type TSettingsRow,
} from "./queries";
import { MATCH_THRESHOLD, scoreMatch } from "./scoring";

/** The job type of matching one inquiry. */
export const MATCH_JOB = "matching.run";
/** Rate-limit buckets of the form (platform/rate-limit/buckets.ts). */
export const MATCH_BUCKETS = { ip: "connect-ip", email: "connect-email" } as const;
/** Forms one address may send a day (counted on stored forms, so it holds across instances). */
export const FORMS_PER_EMAIL_DAY = 3;
/** How long an inquiry is kept (the consent says so). */
export const INQUIRY_KEEP_DAYS = 365;

const DAY_MS = 86_400_000;

/** What matching needs of accounts. */
export interface TMatchingAccountsPort {
  businessCodes: TVerificationService;
  userInfo(userId: string): Promise<TUserInfo>;
}

/** What matching needs of channels. */
export interface TMatchingChannelsPort {
  channelOwner(channelId: string): Promise<string | null>;
  channelOfOwner(ownerId: string): Promise<{ id: string; name: string } | null>;
  matchFacts(channelIds: readonly string[], query: TMatchQuery): Promise<TChannelMatchFacts[]>;
}

/** What matching needs of content: the owners of viewed contents. */
export interface TMatchingContentPort {
  publicContentsByIds(ids: readonly string[]): Promise<{ contentId: string; ownerId: string }[]>;
}

/** Dependencies. */
export interface TMatchingDeps {
  db: TDrizzle;
  mail: TMailer;
  jobs: TJobQueue;
  rateLimits: TRateLimiter;
  logger: FastifyBaseLogger;
  publicUrl: string;
  tokenSecret: string;
  accounts: TMatchingAccountsPort;
  channels: TMatchingChannelsPort;
  content: TMatchingContentPort;
  audit: TAuditService;
  now: () => Date;
}

/** The operators' counts. */
export interface TMatchStats {
  counts: {
    inquiries: number;
    shared: number;
    matched: number;
    no_match: number;
    connections: number;
    declines: number;
    not_interested: number;
    complaints: number;
    opted_in: number;
  };
  docs: {
    inquiry_id: string;
    email: string;
    company: string;
    country: string;
    needs: string;
    shared: boolean;
    status: string;
    connections: number;
    declines: number;
    complaints: number;
    created_at: string;
  }[];
}

/** The matching service. */
export interface TMatchingService {
  sendCode(email: string, lang: TLanguage): Promise<{ sent: true; resend_after: number }>;
  verifyCode(email: string, code: string): Promise<{ verified: true }>;
  submit(
    form: TConnectSubmit,
    ip: string,
  ): Promise<{ inquiry_id: string; created_at: string; shared: boolean }>;
  /** Runs the matching of one inquiry (the job's handler; tests call it through the job). */
  run(inquiryId: string): Promise<void>;
  list(auth: TAuth): Promise<{ docs: TConnection[]; new_count: number }>;
  /** How many of the owner's received inquiries are still new (the studio menu's badge). */
  newCount(auth: TAuth): Promise<number>;
  reply(auth: TAuth, connectionId: string, message: string): Promise<TConnection>;
  update(
    auth: TAuth,
    connectionId: string,
    change: { status?: TConnectStatus; note?: string; complaint?: boolean },
  ): Promise<TConnection>;
  settings(auth: TAuth): Promise<TMatchSettings | null>;
  saveSettings(
    auth: TAuth,
    input: {
      opted_in: boolean;
      consent: boolean;
      industries: string[];
      markets: string[];
      buyer_types: string[];
      daily_cap: number;
    },
  ): Promise<TMatchSettings>;
  notInterested(token: string): Promise<{ company: string }>;
  stats(): Promise<TMatchStats>;
  remove(auth: TAuth, inquiryId: string, reason: string): Promise<void>;
  removeOwner(ownerId: string): Promise<void>;
}

function buyerOf(row: TInquiryRow): TConnectBuyer {
  return {
    email: row.email,
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

function toConnection(connection: TConnectionRow, inquiry: TInquiryRow): TConnection {
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

function toSettings(row: TSettingsRow | undefined): TMatchSettings {
  return {
    opted_in: row?.optedIn ?? false,
    consented_at: row?.consentedAt?.toISOString() ?? null,
    industries: (row?.industries ?? []) as TMatchSettings["industries"],
    markets: row?.markets ?? [],
    buyer_types: (row?.buyerTypes ?? []) as TMatchSettings["buyer_types"],
    daily_cap: row?.dailyCap ?? MATCH_DAILY_CAP.default,
  };
}

/** Creates the matching service. */
export function createMatchingService(deps: TMatchingDeps): TMatchingService {
  const { db, now, logger } = deps;

  /** The "not interested" token of a connection: derived, so a retried job mails the same link. */
  function tokenOf(connectionId: string): string {
    return createHmac("sha256", deps.tokenSecret)
      .update(`match-not-interested:${connectionId}`)
      .digest("base64url");
  }
  function hashOf(token: string): string {
    return createHash("sha256").update(token).digest("hex");
  }

  async function ownerChannel(auth: TAuth): Promise<{ id: string; name: string } | null> {
    return deps.channels.channelOfOwner(auth.userId);
  }

  async function mailSafely(what: string, message: Parameters<TMailer["send"]>[0]): Promise<boolean> {
    try {
      await deps.mail.send(message);
      return true;
    } catch (error) {
      logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        `matching mail failed: ${what}`,
      );
      return false;
    }
  }

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

  async function run(inquiryId: string): Promise<void> {
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
    const scored = { ...query, businessType: inquiry.businessType };
    const views = await viewsByOwner(inquiry);

    // Connections already made by an earlier try of this job are kept as they are.
    const existing = await db
      .select()
      .from(matchConnections)
      .where(eq(matchConnections.inquiryId, inquiry.id));
    const planned: {
      channelId: string;
      ownerId: string;
      kind: "direct" | "matched";
      score: number;
      reasons: TMatchReason[];
    }[] = [];
    if (existing.length === 0) {
      const origin = inquiry.originChannelId;
      if (origin && !(await isExcluded(db, origin, inquiry.email))) {
        const [facts] = await deps.channels.matchFacts([origin], query);
        if (facts) {
          const sought = await settingsOf(db, origin);
          const { score, reasons } = scoreMatch(
            scored,
            facts,
            sought
              ? { industries: sought.industries, markets: sought.markets, buyerTypes: sought.buyerTypes }
              : null,
            views.get(facts.ownerId) ?? 0,
          );
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
        .map((f) => {
          const sought = settingsById.get(f.channelId);
          return {
            facts: f,
            ...scoreMatch(
              scored,
              f,
              sought
                ? { industries: sought.industries, markets: sought.markets, buyerTypes: sought.buyerTypes }
                : null,
              views.get(f.ownerId) ?? 0,
            ),
          };
        })
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
      if (planned.length > 0) {
        const rows = planned.map((p) => {
          const id = newId("connection");
          return {
            id,
            inquiryId: inquiry.id,
            channelId: p.channelId,
            ownerId: p.ownerId,
            kind: p.kind,
            score: p.score,
            reasons: p.reasons,
            tokenHash: hashOf(tokenOf(id)),
            createdAt: at,
            updatedAt: at,
          };
        });
        await db.insert(matchConnections).values(rows).onConflictDoNothing();
      }
    }

    const connections = await db
      .select()
      .from(matchConnections)
      .where(eq(matchConnections.inquiryId, inquiry.id));
    const buyer = buyerOf(inquiry);
    for (const connection of connections) {
      if (connection.mailedAt) continue;
      const owner = await deps.accounts.userInfo(connection.ownerId).catch(() => null);
      if (!owner) continue;
      const sent = await mailSafely(
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
      await db
        .update(matchConnections)
        .set({ mailedAt: now() })
        .where(eq(matchConnections.id, connection.id));
    }

    if (connections.length > 0) {
      const facts = await deps.channels.matchFacts(
        connections.map((c) => c.channelId),
        query,
      );
      const names = new Map(facts.map((f) => [f.channelId, f.name[buyer.lang] || f.name.en]));
      const ordered = [...connections].sort(
        (a, b) => (a.kind === "direct" ? -1 : 0) - (b.kind === "direct" ? -1 : 0) || b.score - a.score,
      );
      await mailSafely(
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
    await db
      .update(matchInquiries)
      .set({ status: connections.length > 0 ? "matched" : "no_match", matchedAt: now() })
      .where(eq(matchInquiries.id, inquiry.id));
  }

  async function ownConnection(auth: TAuth, connectionId: string) {
    const found = await connectionOfOwner(db, auth.userId, connectionId);
    if (!found) throw new AppError("notFound");
    return found;
  }

  return {
    sendCode: (email, lang) => deps.accounts.businessCodes.send(email, lang),
    verifyCode: (email, code) => deps.accounts.businessCodes.verify(email, code),

    async submit(form, ip) {
      const email = form.email.trim().toLowerCase();
      const at = now();
      await deps.rateLimits.consume(MATCH_BUCKETS.ip, ip);
      await deps.rateLimits.consume(MATCH_BUCKETS.email, email);
      if ((await countInquiriesSince(db, email, new Date(at.getTime() - DAY_MS))) >= FORMS_PER_EMAIL_DAY) {
        throw new AppError("rateLimited", { data: { retryAfterSeconds: 3600 } });
      }
      let originChannelId: string | null = null;
      let channelName: string | null = null;
      if (form.user_channel_id) {
        const ownerId = await deps.channels.channelOwner(form.user_channel_id);
        if (!ownerId) throw new AppError("notFound");
        originChannelId = form.user_channel_id;
        channelName = (await deps.channels.channelOfOwner(ownerId))?.name ?? null;
      }
      // Last: a refused form does not spend the buyer's verified code.
      await deps.accounts.businessCodes.consume(email, form.code);

      const shared = form.consents.thirdParty;
      const id = newId("inquiry");
      await db.insert(matchInquiries).values({
        id,
        email,
        lang: form.lang,
        country: form.country,
        company: form.company,
        contactPerson: form.contactPerson,
        jobTitle: form.jobTitle,
        industry: form.industry,
        industryOther: form.industry === "other" ? form.industryOther : "",
        inquiryType: form.inquiryType,
        businessType: form.businessType,
        needs: form.needs,
        quantity: form.quantity,
        incoterms: form.incoterms,
        consentThirdParty: shared,
        consentedAt: shared ? at : null,
        source: form.source,
        originChannelId,
        originContentId: form.content_id,
        viewed: { content_ids: form.viewed.content_ids, booth_ids: form.viewed.booth_ids },
        status: shared ? "queued" : "not_shared",
        createdAt: at,
      });
      if (shared) await deps.jobs.enqueue(MATCH_JOB, { inquiryId: id });
      const row = await findInquiry(db, id);
      if (row) await mailSafely("buyer copy", buyerCopyMail(buyerOf(row), shared, channelName));
      return { inquiry_id: id, created_at: at.toISOString(), shared };
    },

    run,

    async list(auth) {
      const rows = await connectionsOfOwner(db, auth.userId);
      const docs = rows.map((r) => toConnection(r.connection, r.inquiry));
      return { docs, new_count: docs.filter((d) => d.status === "new").length };
    },

    newCount: (auth) => newConnectionsOfOwner(db, auth.userId),

    async reply(auth, connectionId, message) {
      const { connection, inquiry } = await ownConnection(auth, connectionId);
      const channel = await ownerChannel(auth);
      const owner = await deps.accounts.userInfo(auth.userId);
      const name = channel?.name ?? owner.email_id;
      const sent = await mailSafely(
        "reply",
        replyMail({
          buyer: buyerOf(inquiry),
          channelName: name,
          channelUrl: `${deps.publicUrl}/Channel/${encodeURIComponent(connection.channelId)}`,
          ownerEmail: owner.email,
          message,
        }),
      );
      if (!sent) throw new AppError("connectReplyFailed");
      const at = now();
      const [updated] = await db
        .update(matchConnections)
        .set({ status: "replied", reply: message, repliedAt: at, updatedAt: at })
        .where(eq(matchConnections.id, connection.id))
        .returning();
      return toConnection(updated ?? connection, inquiry);
    },

    async update(auth, connectionId, change) {
      const { connection, inquiry } = await ownConnection(auth, connectionId);
      const [updated] = await db
        .update(matchConnections)
        .set({
          ...(change.status !== undefined ? { status: change.status } : {}),
          ...(change.note !== undefined ? { note: change.note } : {}),
          ...(change.complaint !== undefined ? { complaint: change.complaint } : {}),
          updatedAt: now(),
        })
        .where(eq(matchConnections.id, connection.id))
        .returning();
      return toConnection(updated ?? connection, inquiry);
    },

    async settings(auth) {
      const channel = await ownerChannel(auth);
      if (!channel) return null;
      return toSettings(await settingsOf(db, channel.id));
    },

    async saveSettings(auth, input) {
      const channel = await ownerChannel(auth);
      if (!channel) throw new AppError("connectNeedsChannel");
      const at = now();
      const previous = await settingsOf(db, channel.id);
      const consentedAt = input.opted_in ? (previous?.optedIn ? previous.consentedAt : at) : null;
      const values = {
        ownerId: auth.userId,
        optedIn: input.opted_in,
        consentedAt,
        industries: [...new Set(input.industries)],
        markets: [...new Set(input.markets)],
        buyerTypes: [...new Set(input.buyer_types)],
        dailyCap: input.daily_cap,
        updatedAt: at,
      };
      await db
        .insert(matchSettings)
        .values({ channelId: channel.id, ...values })
        .onConflictDoUpdate({ target: matchSettings.channelId, set: values });
      return toSettings(await settingsOf(db, channel.id));
    },

    async notInterested(token) {
      const [connection] = await db
        .select()
        .from(matchConnections)
        .where(eq(matchConnections.tokenHash, hashOf(token)))
        .limit(1);
      if (!connection) throw new AppError("connectLinkInvalid");
      const inquiry = await findInquiry(db, connection.inquiryId);
      if (!inquiry || inquiry.removedAt) throw new AppError("connectLinkInvalid");
      await db
        .insert(matchExclusions)
        .values({
          channelId: connection.channelId,
          ownerId: connection.ownerId,
          email: inquiry.email,
          createdAt: now(),
        })
        .onConflictDoNothing();
      await db
        .update(matchConnections)
        .set({ notInterested: true, status: "declined", updatedAt: now() })
        .where(eq(matchConnections.id, connection.id));
      return { company: inquiry.company };
    },

    async stats() {
      const [counts] = await db
        .execute<Record<string, number | string>>(sql`
        select
          (select count(*) from ${matchInquiries} where removed_at is null) as inquiries,
          (select count(*) from ${matchInquiries} where removed_at is null and consent_third_party) as shared,
          (select count(*) from ${matchInquiries} where status = 'matched') as matched,
          (select count(*) from ${matchInquiries} where status = 'no_match') as no_match,
          (select count(*) from ${matchConnections}) as connections,
          (select count(*) from ${matchConnections} where status = 'declined') as declines,
          (select count(*) from ${matchConnections} where not_interested) as not_interested,
          (select count(*) from ${matchConnections} where complaint) as complaints,
          (select count(*) from ${matchSettings} where opted_in) as opted_in
      `)
        .then((r) =>
          Array.isArray(r) ? r : ((r as { rows: Record<string, number | string>[] }).rows ?? []),
        );
      const n = (key: string) => Number(counts?.[key] ?? 0);
      const docs = await db
        .select({
          inquiry: matchInquiries,
          connections: sql<number>`count(${matchConnections.id})::int`,
          declines: sql<number>`count(${matchConnections.id}) filter (where ${matchConnections.status} = 'declined')::int`,
          complaints: sql<number>`count(${matchConnections.id}) filter (where ${matchConnections.complaint})::int`,
        })
        .from(matchInquiries)
        .leftJoin(matchConnections, eq(matchConnections.inquiryId, matchInquiries.id))
        .where(isNull(matchInquiries.removedAt))
        .groupBy(matchInquiries.id)
        .orderBy(
          desc(sql`count(${matchConnections.id}) filter (where ${matchConnections.complaint})`),
          desc(matchInquiries.createdAt),
        )
        .limit(100);
      return {
        counts: {
          inquiries: n("inquiries"),
          shared: n("shared"),
          matched: n("matched"),
          no_match: n("no_match"),
          connections: n("connections"),
          declines: n("declines"),
          not_interested: n("not_interested"),
          complaints: n("complaints"),
          opted_in: n("opted_in"),
        },
        docs: docs.map((d) => ({
          inquiry_id: d.inquiry.id,
          email: d.inquiry.email,
          company: d.inquiry.company,
          country: d.inquiry.country,
          needs: d.inquiry.needs,
          shared: d.inquiry.consentThirdParty,
          status: d.inquiry.status,
          connections: Number(d.connections),
          declines: Number(d.declines),
          complaints: Number(d.complaints),
          created_at: d.inquiry.createdAt.toISOString(),
        })),
      };
    },

    async remove(auth, inquiryId, reason) {
      const inquiry = await findInquiry(db, inquiryId);
      if (!inquiry || inquiry.removedAt) throw new AppError("notFound");
      const at = now();
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(matchConnections)
          .where(eq(matchConnections.inquiryId, inquiryId))
          .returning({ id: matchConnections.id });
        // The person's details go; the row stays for the counts.
        await tx
          .update(matchInquiries)
          .set({
            status: "removed",
            removedAt: at,
            removedReason: reason,
            email: "",
            company: "",
            contactPerson: "",
            jobTitle: "",
            needs: "",
            quantity: "",
          })
          .where(and(eq(matchInquiries.id, inquiryId), isNull(matchInquiries.removedAt)));
        await deps.audit.audit(
          {
            actorId: auth.userId,
            action: "inquiry.remove",
            targetType: "inquiry",
            targetId: inquiryId,
            before: {
              company: inquiry.company,
              country: inquiry.country,
              status: inquiry.status,
              connections: gone.length,
            },
            after: { status: "removed" },
            reason,
          },
          tx,
        );
      });
    },

    removeOwner: (ownerId) => deleteOwnerData(db, ownerId),
  };
}
