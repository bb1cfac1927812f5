/** Queries of the sharing tables. Only modules/sharing calls them. */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { shareLinkMonthAccess, shareLinks, sharingChannelInflow } from "../../db/schema/sharing";
import type { TDrizzle } from "../../platform/types";

/** A share-link row. */
export type TShareLinkRow = typeof shareLinks.$inferSelect;
/** A new share-link row. */
export type TNewShareLinkRow = typeof shareLinks.$inferInsert;

/** The UTC month of `at`, as stored: `YYYY-MM`. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** One link by its name. */
export async function findLink(db: TDrizzle, url: string): Promise<TShareLinkRow | undefined> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.url, url)).limit(1);
  return row;
}

/** The links of a content, oldest first. */
export function linksOfContent(db: TDrizzle, contentId: string): Promise<TShareLinkRow[]> {
  return db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.contentId, contentId))
    .orderBy(asc(shareLinks.createdAt), asc(shareLinks.url));
}

/** How many links a content has. */
export async function countLinks(db: TDrizzle, contentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shareLinks).where(eq(shareLinks.contentId, contentId));
  return row?.n ?? 0;
}

/** Accesses of each of `urls` in `month`; links without a row are absent. */
export async function monthAccesses(
  db: TDrizzle,
  urls: readonly string[],
  month: string,
): Promise<Map<string, number>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .select({ url: shareLinkMonthAccess.url, count: shareLinkMonthAccess.count })
    .from(shareLinkMonthAccess)
    .where(and(inArray(shareLinkMonthAccess.url, [...urls]), eq(shareLinkMonthAccess.month, month)));
  return new Map(rows.map((r) => [r.url, r.count]));
}

/**
 * Counts one access of `url` in `month` unless it already has `limit` (null: no limit). One
 * statement adds to the month and to the link's total together (a data-modifying CTE), so the two
 * never disagree, whatever fails (issue 9 item 4), and concurrent visitors never pass the limit.
 * True when it was counted.
 */
export async function countAccess(
  db: TDrizzle,
  url: string,
  month: string,
  limit: number | null,
): Promise<boolean> {
  if (limit !== null && limit <= 0) return false;
  const m = shareLinkMonthAccess;
  const underLimit = limit === null ? sql`` : sql` where ${m.count} < ${limit}`;
  const result = await db.execute(sql`
    with counted as (
      insert into ${m} (${sql.identifier(m.url.name)}, ${sql.identifier(m.month.name)}, ${sql.identifier(m.count.name)})
      values (${url}, ${month}, 1)
      on conflict (${sql.identifier(m.url.name)}, ${sql.identifier(m.month.name)})
      do update set ${sql.identifier(m.count.name)} = ${m.count} + 1${underLimit}
      returning 1
    )
    update ${shareLinks} set ${sql.identifier(shareLinks.totalAccess.name)} = ${shareLinks.totalAccess} + 1
    where ${shareLinks.url} = ${url} and exists (select 1 from counted)
    returning 1 as counted`);
  return rowsOf(result).length > 0;
}

/**
 * Adds `accesses` (url → count) to `month` and to each link's total in one statement, so the two
 * never disagree. Links deleted meanwhile are skipped (no orphan month rows).
 */
export async function addAccesses(
  db: TDrizzle,
  month: string,
  accesses: ReadonlyMap<string, number>,
): Promise<void> {
  if (accesses.size === 0) return;
  const m = shareLinkMonthAccess;
  const l = shareLinks;
  const values = sql.join(
    [...accesses].map(([url, n]) => sql`(${url}::text, ${n}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    with input (url, n) as (values ${values}),
    months as (
      insert into ${m} (${sql.identifier(m.url.name)}, ${sql.identifier(m.month.name)}, ${sql.identifier(m.count.name)})
      select input.url, ${month}, input.n from input
      where exists (select 1 from ${l} where ${l.url} = input.url)
      on conflict (${sql.identifier(m.url.name)}, ${sql.identifier(m.month.name)})
      do update set ${sql.identifier(m.count.name)} = ${m.count} + excluded.${sql.identifier(m.count.name)}
      returning 1
    )
    update ${l} set ${sql.identifier(l.totalAccess.name)} = ${l.totalAccess} + input.n
    from input where ${l.url} = input.url`);
}

/** The rows of a raw `execute` result, whichever driver answered (node-postgres or PGlite). */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? rows : [];
}

/** Deletes links and their monthly counts; answers the rows deleted. */
export async function deleteLinks(db: TDrizzle, urls: readonly string[]): Promise<TShareLinkRow[]> {
  if (urls.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.delete(shareLinkMonthAccess).where(inArray(shareLinkMonthAccess.url, [...urls]));
    return tx
      .delete(shareLinks)
      .where(inArray(shareLinks.url, [...urls]))
      .returning();
  });
}

/** The links of any of `contentIds`. */
export function linksOfContents(db: TDrizzle, contentIds: readonly string[]): Promise<TShareLinkRow[]> {
  if (contentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(shareLinks)
    .where(inArray(shareLinks.contentId, [...contentIds]));
}

/** The links an owner made. */
export function linksOfOwner(db: TDrizzle, ownerId: string): Promise<TShareLinkRow[]> {
  return db.select().from(shareLinks).where(eq(shareLinks.ownerId, ownerId));
}

/** The sealed keys among `keys` that some link still names. */
export async function usedSealedKeys(db: TDrizzle, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ key: shareLinks.sealedKey })
    .from(shareLinks)
    .where(inArray(shareLinks.sealedKey, [...keys]));
  return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
}

/** Adds one inflow of `channelId` to `contentId`. */
export async function addInflow(db: TDrizzle, channelId: string, contentId: string): Promise<void> {
  await db
    .insert(sharingChannelInflow)
    .values({ channelId, contentId, count: 1 })
    .onConflictDoUpdate({
      target: [sharingChannelInflow.channelId, sharingChannelInflow.contentId],
      set: { count: sql`${sharingChannelInflow.count} + 1` },
    });
}

/** Removes the inflow counters of contents that are gone. */
export async function deleteInflows(db: TDrizzle, contentIds: readonly string[]): Promise<void> {
  if (contentIds.length === 0) return;
  await db.delete(sharingChannelInflow).where(inArray(sharingChannelInflow.contentId, [...contentIds]));
}
