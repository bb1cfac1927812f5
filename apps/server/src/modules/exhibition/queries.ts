/** Queries of the exhibition tables. Only modules/exhibition calls them. */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { booths, exhibitions } from "../../db/schema/exhibition";
import type { TDrizzle } from "../../platform/types";

/** An exhibition row. */
export type TExhibitionRow = typeof exhibitions.$inferSelect;
/** A new exhibition row. */
export type TNewExhibitionRow = typeof exhibitions.$inferInsert;
/** A booth row. */
export type TBoothRow = typeof booths.$inferSelect;
/** A new booth row. */
export type TNewBoothRow = typeof booths.$inferInsert;

/** One exhibition by id. */
export async function findExhibition(db: TDrizzle, id: string): Promise<TExhibitionRow | undefined> {
  const [row] = await db.select().from(exhibitions).where(eq(exhibitions.id, id)).limit(1);
  return row;
}

/** Every exhibition, or only published ones. */
export function listExhibitions(db: TDrizzle, publishedOnly: boolean): Promise<TExhibitionRow[]> {
  return db
    .select()
    .from(exhibitions)
    .where(publishedOnly ? eq(exhibitions.published, true) : undefined)
    .orderBy(desc(exhibitions.opensAt), desc(exhibitions.createdAt))
    .limit(500);
}

/** Inserts an exhibition. */
export async function insertExhibition(db: TDrizzle, row: TNewExhibitionRow): Promise<TExhibitionRow> {
  const [created] = await db.insert(exhibitions).values(row).returning();
  if (!created) throw new Error("exhibition insert returned no row");
  return created;
}

/** Updates an exhibition; undefined when there is none. */
export async function updateExhibition(
  db: TDrizzle,
  id: string,
  set: Partial<TNewExhibitionRow>,
): Promise<TExhibitionRow | undefined> {
  const [row] = await db.update(exhibitions).set(set).where(eq(exhibitions.id, id)).returning();
  return row;
}

/** Active booths and requests per exhibition. */
export async function boothCounts(
  db: TDrizzle,
  exhibitionIds: readonly string[],
): Promise<Map<string, { active: number; requested: number }>> {
  const out = new Map<string, { active: number; requested: number }>();
  if (exhibitionIds.length === 0) return out;
  const rows = await db
    .select({ exhibitionId: booths.exhibitionId, status: booths.status, n: count() })
    .from(booths)
    .where(inArray(booths.exhibitionId, [...exhibitionIds]))
    .groupBy(booths.exhibitionId, booths.status);
  for (const row of rows) {
    const entry = out.get(row.exhibitionId) ?? { active: 0, requested: 0 };
    entry[row.status] = Number(row.n);
    out.set(row.exhibitionId, entry);
  }
  return out;
}

/** One booth by id. */
export async function findBooth(db: TDrizzle, id: string): Promise<TBoothRow | undefined> {
  const [row] = await db.select().from(booths).where(eq(booths.id, id)).limit(1);
  return row;
}

/** The booths of an exhibition: active ones by slot, or all (requests first, oldest first). */
export function boothsOfExhibition(
  db: TDrizzle,
  exhibitionId: string,
  activeOnly: boolean,
): Promise<TBoothRow[]> {
  return db
    .select()
    .from(booths)
    .where(
      activeOnly
        ? and(eq(booths.exhibitionId, exhibitionId), eq(booths.status, "active"))
        : eq(booths.exhibitionId, exhibitionId),
    )
    .orderBy(desc(booths.status), asc(booths.aisle), asc(booths.slotIndex), asc(booths.createdAt));
}

/** An owner's booths, newest first. */
export function boothsOfOwner(db: TDrizzle, ownerId: string): Promise<TBoothRow[]> {
  return db.select().from(booths).where(eq(booths.ownerId, ownerId)).orderBy(desc(booths.createdAt));
}

/** How many booths an owner has in exhibitions that have not closed at `now`. */
export async function countOpenBooths(db: TDrizzle, ownerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(booths)
    .innerJoin(exhibitions, eq(exhibitions.id, booths.exhibitionId))
    .where(and(eq(booths.ownerId, ownerId), gt(exhibitions.closesAt, now)));
  return Number(row?.n ?? 0);
}

/** The booths standing in an exhibition's slots outside a layout. */
export async function boothsOutside(
  db: TDrizzle,
  exhibitionId: string,
  aisles: number,
  slotsPerAisle: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(booths)
    .where(
      and(
        eq(booths.exhibitionId, exhibitionId),
        isNotNull(booths.aisle),
        sql`(${booths.aisle} >= ${aisles} or ${booths.slotIndex} >= ${slotsPerAisle})`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Inserts a booth. */
export async function insertBooth(db: TDrizzle, row: TNewBoothRow): Promise<TBoothRow> {
  const [created] = await db.insert(booths).values(row).returning();
  if (!created) throw new Error("booth insert returned no row");
  return created;
}

/** Updates a booth; with `ownerId`, only that owner's. Undefined when there is none. */
export async function updateBooth(
  db: TDrizzle,
  id: string,
  set: Partial<TNewBoothRow>,
  ownerId?: string,
): Promise<TBoothRow | undefined> {
  const [row] = await db
    .update(booths)
    .set(set)
    .where(ownerId === undefined ? eq(booths.id, id) : and(eq(booths.id, id), eq(booths.ownerId, ownerId)))
    .returning();
  return row;
}

/** Deletes a booth; with `ownerId`, only that owner's. False when there was none. */
export async function deleteBooth(db: TDrizzle, id: string, ownerId?: string): Promise<boolean> {
  const done = await db
    .delete(booths)
    .where(ownerId === undefined ? eq(booths.id, id) : and(eq(booths.id, id), eq(booths.ownerId, ownerId)))
    .returning({ id: booths.id });
  return done.length > 0;
}

/** Deletes every booth of an owner (account deleted). */
export async function deleteBoothsOfOwner(db: TDrizzle, ownerId: string): Promise<void> {
  await db.delete(booths).where(eq(booths.ownerId, ownerId));
}

/** Adds one view to a booth. */
export async function addBoothView(db: TDrizzle, id: string): Promise<boolean> {
  const done = await db
    .update(booths)
    .set({ views: sql`${booths.views} + 1` })
    .where(eq(booths.id, id))
    .returning({ id: booths.id });
  return done.length > 0;
}

/** Makes one owner's booth applications wait for each other until `tx` ends. */
export async function lockOwnerBooths(tx: TDrizzle, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`booth:${ownerId}`}))`);
}

/** True when `error` is PostgreSQL's unique violation (a slot taken meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
