/** Queries of the matching tables. Only modules/matching calls them. */
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { matchConnections, matchExclusions, matchInquiries, matchSettings } from "../../db/schema/matching";
import type { TDrizzle } from "../../platform/types";

/** An inquiry row. */
export type TInquiryRow = typeof matchInquiries.$inferSelect;
/** A connection row. */
export type TConnectionRow = typeof matchConnections.$inferSelect;
/** A settings row. */
export type TSettingsRow = typeof matchSettings.$inferSelect;

/** One inquiry. */
export async function findInquiry(db: TDrizzle, id: string): Promise<TInquiryRow | undefined> {
  const [row] = await db.select().from(matchInquiries).where(eq(matchInquiries.id, id)).limit(1);
  return row;
}

/**
 * The rules of SQL: opted-in businesses that consented, that did not say "not interested" to
 * this address, that seek this buyer type (or any), and that are under their daily cap of
 * matched inquiries (the last 24 hours).
 */
export async function eligibleSettings(
  db: TDrizzle,
  input: { email: string; businessType: string; since: Date; exclude: string | null },
): Promise<TSettingsRow[]> {
  const s = matchSettings;
  return db
    .select()
    .from(s)
    .where(
      and(
        eq(s.optedIn, true),
        sql`${s.consentedAt} is not null`,
        input.exclude ? sql`${s.channelId} <> ${input.exclude}` : undefined,
        sql`not exists (select 1 from ${matchExclusions} e where e.channel_id = ${s.channelId} and e.email = ${input.email})`,
        sql`(jsonb_array_length(${s.buyerTypes}) = 0 or jsonb_exists(${s.buyerTypes}, ${input.businessType}))`,
        sql`(select count(*) from ${matchConnections} c where c.channel_id = ${s.channelId} and c.kind = 'matched' and c.created_at >= ${input.since.toISOString()}::timestamptz) < ${s.dailyCap}`,
      ),
    );
}

/** True when the business said "not interested" to this address. */
export async function isExcluded(db: TDrizzle, channelId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ channelId: matchExclusions.channelId })
    .from(matchExclusions)
    .where(and(eq(matchExclusions.channelId, channelId), eq(matchExclusions.email, email)))
    .limit(1);
  return row !== undefined;
}

/** The settings of a channel. */
export async function settingsOf(db: TDrizzle, channelId: string): Promise<TSettingsRow | undefined> {
  const [row] = await db.select().from(matchSettings).where(eq(matchSettings.channelId, channelId)).limit(1);
  return row;
}

/** An owner's connections with their inquiries, newest first (removed inquiries left out). */
export async function connectionsOfOwner(
  db: TDrizzle,
  ownerId: string,
): Promise<{ connection: TConnectionRow; inquiry: TInquiryRow }[]> {
  return db
    .select({ connection: matchConnections, inquiry: matchInquiries })
    .from(matchConnections)
    .innerJoin(matchInquiries, eq(matchInquiries.id, matchConnections.inquiryId))
    .where(and(eq(matchConnections.ownerId, ownerId), sql`${matchInquiries.removedAt} is null`))
    .orderBy(desc(matchConnections.createdAt))
    .limit(1000);
}

/** How many of an owner's connections are still `new` (inquiries removed by operators left out). */
export async function newConnectionsOfOwner(db: TDrizzle, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(matchConnections)
    .innerJoin(matchInquiries, eq(matchInquiries.id, matchConnections.inquiryId))
    .where(
      and(
        eq(matchConnections.ownerId, ownerId),
        eq(matchConnections.status, "new"),
        sql`${matchInquiries.removedAt} is null`,
      ),
    );
  return Number(row?.count ?? 0);
}

/** One of an owner's connections with its inquiry. */
export async function connectionOfOwner(
  db: TDrizzle,
  ownerId: string,
  connectionId: string,
): Promise<{ connection: TConnectionRow; inquiry: TInquiryRow } | undefined> {
  const [row] = await db
    .select({ connection: matchConnections, inquiry: matchInquiries })
    .from(matchConnections)
    .innerJoin(matchInquiries, eq(matchInquiries.id, matchConnections.inquiryId))
    .where(
      and(
        eq(matchConnections.id, connectionId),
        eq(matchConnections.ownerId, ownerId),
        sql`${matchInquiries.removedAt} is null`,
      ),
    )
    .limit(1);
  return row;
}

/** Forms sent from an address since `since` (the per-address limit counts stored forms too). */
export async function countInquiriesSince(db: TDrizzle, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(matchInquiries)
    .where(and(eq(matchInquiries.email, email), gte(matchInquiries.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Deletes an owner's matching data (account deleted). */
export async function deleteOwnerData(db: TDrizzle, ownerId: string): Promise<void> {
  await db.delete(matchConnections).where(eq(matchConnections.ownerId, ownerId));
  await db.delete(matchSettings).where(eq(matchSettings.ownerId, ownerId));
  await db.delete(matchExclusions).where(eq(matchExclusions.ownerId, ownerId));
}

/** Inquiries older than `before` go with their connections (the consent says a year). */
export async function purgeInquiries(db: TDrizzle, before: Date): Promise<void> {
  const old = db
    .select({ id: matchInquiries.id })
    .from(matchInquiries)
    .where(sql`${matchInquiries.createdAt} < ${before.toISOString()}::timestamptz`);
  await db.delete(matchInquiries).where(inArray(matchInquiries.id, old));
}
