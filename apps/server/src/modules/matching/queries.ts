/** Queries of the matching tables. Only modules/matching calls them. */
import { and, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { matchConnections, matchExclusions, matchInquiries, matchSettings } from "../../db/schema/matching";
import type { TDrizzle } from "../../platform/types";

/** An inquiry row. */
export type TInquiryRow = typeof matchInquiries.$inferSelect;
/** A connection row. */
export type TConnectionRow = typeof matchConnections.$inferSelect;
/** A settings row. */
export type TSettingsRow = typeof matchSettings.$inferSelect;
/** An inquiry's fields as written. */
export type TNewInquiryRow = typeof matchInquiries.$inferInsert;
/** A connection's fields as written. */
export type TNewConnectionRow = typeof matchConnections.$inferInsert;
/** The settings' fields a save writes. */
export type TSettingsValues = Omit<typeof matchSettings.$inferInsert, "channelId">;

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

// --- inquiries ---

/** Stores the connecting form's inquiry. */
export async function insertInquiry(db: TDrizzle, row: TNewInquiryRow): Promise<void> {
  await db.insert(matchInquiries).values(row);
}

/** Marks the matching of an inquiry done (`matched` or `no_match`). */
export async function setInquiryMatched(
  db: TDrizzle,
  id: string,
  status: "matched" | "no_match",
  at: Date,
): Promise<void> {
  await db.update(matchInquiries).set({ status, matchedAt: at }).where(eq(matchInquiries.id, id));
}

/**
 * Removes an inquiry in `tx`: its connections go, and the person's details with them; the row
 * stays for the counts. Answers how many connections went.
 */
export async function removeInquiry(
  tx: TDrizzle,
  id: string,
  removal: { at: Date; reason: string },
): Promise<number> {
  const gone = await tx
    .delete(matchConnections)
    .where(eq(matchConnections.inquiryId, id))
    .returning({ id: matchConnections.id });
  await tx
    .update(matchInquiries)
    .set({
      status: "removed",
      removedAt: removal.at,
      removedReason: removal.reason,
      email: "",
      company: "",
      contactPerson: "",
      jobTitle: "",
      needs: "",
      quantity: "",
    })
    .where(and(eq(matchInquiries.id, id), isNull(matchInquiries.removedAt)));
  return gone.length;
}

// --- connections ---

/** The connections of an inquiry. */
export function connectionsOfInquiry(db: TDrizzle, inquiryId: string): Promise<TConnectionRow[]> {
  return db.select().from(matchConnections).where(eq(matchConnections.inquiryId, inquiryId));
}

/** Stores new connections (one already there is kept as it is). */
export async function insertConnections(db: TDrizzle, rows: TNewConnectionRow[]): Promise<void> {
  await db.insert(matchConnections).values(rows).onConflictDoNothing();
}

/** The connection a "not interested" link names (by its token's hash). */
export async function connectionByTokenHash(
  db: TDrizzle,
  tokenHash: string,
): Promise<TConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(matchConnections)
    .where(eq(matchConnections.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Writes `fields` on a connection; answers the row as it now is. */
export async function updateConnection(
  db: TDrizzle,
  id: string,
  fields: Partial<TNewConnectionRow>,
): Promise<TConnectionRow | undefined> {
  const [row] = await db.update(matchConnections).set(fields).where(eq(matchConnections.id, id)).returning();
  return row;
}

/** Records that a business does not want inquiries from this address again. */
export async function insertExclusion(
  db: TDrizzle,
  row: { channelId: string; ownerId: string; email: string; createdAt: Date },
): Promise<void> {
  await db.insert(matchExclusions).values(row).onConflictDoNothing();
}

/** Stores a channel's matching settings, inserting them when missing. */
export async function upsertSettings(
  db: TDrizzle,
  channelId: string,
  values: TSettingsValues,
): Promise<void> {
  await db
    .insert(matchSettings)
    .values({ channelId, ...values })
    .onConflictDoUpdate({ target: matchSettings.channelId, set: values });
}

// --- the operators' figures ---

/** The operators' counts over inquiries, connections and settings. */
export async function matchCounts(db: TDrizzle): Promise<Record<string, number | string> | undefined> {
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
    .then((r) => (Array.isArray(r) ? r : ((r as { rows: Record<string, number | string>[] }).rows ?? [])));
  return counts;
}

/** The latest inquiries with their connection, decline and complaint counts, most complained first. */
export function inquiryFigures(db: TDrizzle, limit: number) {
  return db
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
    .limit(limit);
}
