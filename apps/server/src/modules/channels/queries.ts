/** Queries of the channel tables. Only modules/channels calls them. */
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { channels, channelTranslations } from "../../db/schema/channels";
import type { TDrizzle } from "../../platform/types";

/** A channel row. */
export type TChannelRow = typeof channels.$inferSelect;
/** A new channel row. */
export type TNewChannelRow = typeof channels.$inferInsert;

/** One channel by id. */
export async function findChannel(db: TDrizzle, id: string): Promise<TChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.id, id)).limit(1);
  return row;
}

/** The channel of an owner. */
export async function channelOfOwner(db: TDrizzle, ownerId: string): Promise<TChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.ownerId, ownerId)).limit(1);
  return row;
}

/** Inserts a channel unless the owner has one (unique owner index); undefined when refused. */
export async function insertChannel(db: TDrizzle, row: TNewChannelRow): Promise<TChannelRow | undefined> {
  const [created] = await db
    .insert(channels)
    .values(row)
    .onConflictDoNothing({ target: channels.ownerId })
    .returning();
  return created;
}

/** Updates a channel of `ownerId`; undefined when there is none. */
export async function updateChannel(
  db: TDrizzle,
  id: string,
  ownerId: string,
  set: Partial<TNewChannelRow>,
): Promise<TChannelRow | undefined> {
  const [row] = await db
    .update(channels)
    .set(set)
    .where(and(eq(channels.id, id), eq(channels.ownerId, ownerId)))
    .returning();
  return row;
}

/** Adds one view to a channel; false when there is no such channel. */
export async function addChannelView(db: TDrizzle, id: string): Promise<boolean> {
  const done = await db
    .update(channels)
    .set({ views: sql`${channels.views} + 1` })
    .where(eq(channels.id, id))
    .returning({ id: channels.id });
  return done.length > 0;
}

/** Deletes an owner's channel. */
export async function deleteChannelOfOwner(db: TDrizzle, ownerId: string): Promise<void> {
  await db.delete(channels).where(eq(channels.ownerId, ownerId));
}

/** Channels of an industry (all when null), most viewed first. */
export function channelsByIndustry(
  db: TDrizzle,
  industry: string | null,
  limit: number,
): Promise<TChannelRow[]> {
  return db
    .select()
    .from(channels)
    .where(industry === null ? undefined : eq(channels.industry, industry))
    .orderBy(desc(channels.views), desc(channels.createdAt))
    .limit(limit);
}

/** The channels of `ownerIds`. */
export function channelsOfOwners(db: TDrizzle, ownerIds: readonly string[]): Promise<TChannelRow[]> {
  if (ownerIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(channels)
    .where(inArray(channels.ownerId, [...ownerIds]));
}

/** Owner ids of the channels of an industry. */
export async function ownersOfIndustry(db: TDrizzle, industry: string): Promise<string[]> {
  const rows = await db
    .select({ ownerId: channels.ownerId })
    .from(channels)
    .where(eq(channels.industry, industry));
  return rows.map((r) => r.ownerId);
}

/** Featured content ids of the channels (of an industry when given). */
export async function featuredContentIds(db: TDrizzle, industry: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: channels.featuredContentId })
    .from(channels)
    .where(
      industry === null
        ? isNotNull(channels.featuredContentId)
        : and(isNotNull(channels.featuredContentId), eq(channels.industry, industry)),
    );
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}

/** Cached translations by source hash, for one provider and language pair. */
export async function cachedTranslations(
  db: TDrizzle,
  key: { provider: string; sourceLang: string; targetLang: string },
  hashes: readonly string[],
): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .select({ hash: channelTranslations.sourceHash, text: channelTranslations.text })
    .from(channelTranslations)
    .where(
      and(
        eq(channelTranslations.provider, key.provider),
        eq(channelTranslations.sourceLang, key.sourceLang),
        eq(channelTranslations.targetLang, key.targetLang),
        inArray(channelTranslations.sourceHash, [...hashes]),
      ),
    );
  return new Map(rows.map((r) => [r.hash, r.text]));
}

/** Keeps translations for next time. */
export async function cacheTranslations(
  db: TDrizzle,
  key: { provider: string; sourceLang: string; targetLang: string },
  entries: readonly { hash: string; text: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(channelTranslations)
    .values(entries.map((e) => ({ ...key, sourceHash: e.hash, text: e.text })))
    .onConflictDoNothing();
}
