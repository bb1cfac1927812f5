/** Queries of the production tables (prices, requests, their history). Only modules/production calls them. */
import { randomUUID } from "node:crypto";
import type { TProductionStatus } from "@vitrine/contract";
import { and, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { productionEvents, productionPrices, productionRequests } from "../../db/schema/production";
import type { TDrizzle } from "../../platform/types";

/** A stored request. */
export type TRequestRow = typeof productionRequests.$inferSelect;
/** A request's fields as written. */
export type TRequestFields = typeof productionRequests.$inferInsert;
/** One step or message of a request's history. */
export type TEventRow = typeof productionEvents.$inferSelect;
/** One line of the model price table. */
export type TPriceRow = typeof productionPrices.$inferSelect;
/** Who wrote a history row. */
export interface TEventAuthor {
  kind: "owner" | "operator";
  id: string;
}

// --- prices ---

/** Every line of the price table, in no particular order. */
export function priceRows(db: TDrizzle): Promise<TPriceRow[]> {
  return db.select().from(productionPrices);
}

/** Sets one line of the price table, inserting it when missing. */
export async function upsertPrice(tx: TDrizzle, row: TPriceRow): Promise<void> {
  const { kind, complexity, ...values } = row;
  await tx
    .insert(productionPrices)
    .values(row)
    .onConflictDoUpdate({ target: [productionPrices.kind, productionPrices.complexity], set: values });
}

// --- requests ---

/** A request by its id, if any. */
export async function requestById(db: TDrizzle, id: string): Promise<TRequestRow | undefined> {
  const [row] = await db.select().from(productionRequests).where(eq(productionRequests.id, id));
  return row;
}

/** The owner's latest requests, newest first. */
export function requestsOfOwner(db: TDrizzle, ownerId: string, limit: number): Promise<TRequestRow[]> {
  return db
    .select()
    .from(productionRequests)
    .where(eq(productionRequests.ownerId, ownerId))
    .orderBy(desc(productionRequests.createdAt))
    .limit(limit);
}

/** Every owner who has a request (the console's search by owner looks among them). */
export async function requestOwnerIds(db: TDrizzle): Promise<string[]> {
  const rows = await db.selectDistinct({ ownerId: productionRequests.ownerId }).from(productionRequests);
  return rows.map((row) => row.ownerId);
}

/** The console's filter: a status, and a search by product name or among these owners. */
export interface TRequestFilter {
  status: TProductionStatus | null;
  /** A LIKE pattern (wildcards of the search escaped), or null for no search. */
  like: string | null;
  /** Owners whose e-mail ID matched the search. */
  ownerIds: readonly string[];
}

/** One page of the console's list, newest first, and how many match. */
export async function requestPage(
  db: TDrizzle,
  filter: TRequestFilter,
  offset: number,
  limit: number,
): Promise<{ rows: TRequestRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(productionRequests.status, filter.status));
  if (filter.like !== null) {
    const match = or(
      ilike(productionRequests.productName, filter.like),
      filter.ownerIds.length > 0 ? inArray(productionRequests.ownerId, [...filter.ownerIds]) : undefined,
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(productionRequests)
    .where(where)
    .orderBy(desc(productionRequests.createdAt), desc(productionRequests.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(productionRequests).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The history of these requests, oldest first, by request. */
export async function eventsOf(
  db: TDrizzle,
  requestIds: readonly string[],
): Promise<Map<string, TEventRow[]>> {
  const map = new Map<string, TEventRow[]>();
  if (requestIds.length === 0) return map;
  const rows = await db
    .select()
    .from(productionEvents)
    .where(inArray(productionEvents.requestId, [...requestIds]))
    .orderBy(productionEvents.createdAt, productionEvents.id);
  for (const row of rows) {
    const list = map.get(row.requestId) ?? [];
    list.push(row);
    map.set(row.requestId, list);
  }
  return map;
}

/** A new request's fields, as the owner's form gives them. */
export type TNewRequestFields = Omit<TRequestFields, "status" | "createdAt" | "updatedAt">;

/** Stores a new request (status `received`) with its first history row, in one transaction. */
export async function insertRequest(
  db: TDrizzle,
  fields: TNewRequestFields,
  at: Date,
): Promise<TRequestRow | undefined> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(productionRequests)
      .values({ ...fields, status: "received", createdAt: at, updatedAt: at })
      .returning();
    await tx.insert(productionEvents).values({
      id: randomUUID(),
      requestId: fields.id,
      kind: "status",
      status: "received",
      author: "owner",
      authorId: fields.ownerId,
      text: "",
      createdAt: at,
    });
    return created;
  });
}

/**
 * Moves a request from one of `from` to `to` in one statement (so two operators, or an operator
 * and the owner, cannot both move it), with its history row; undefined when it was not in `from`.
 */
export async function moveRequest(
  db: TDrizzle,
  id: string,
  move: {
    from: readonly TProductionStatus[];
    to: TProductionStatus;
    author: TEventAuthor;
    set: Partial<TRequestFields>;
    text: string;
    at: Date;
  },
): Promise<TRequestRow | undefined> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(productionRequests)
      .set({ ...move.set, status: move.to, updatedAt: move.at })
      .where(and(eq(productionRequests.id, id), inArray(productionRequests.status, [...move.from])))
      .returning();
    if (!updated) return undefined;
    await tx.insert(productionEvents).values({
      id: randomUUID(),
      requestId: id,
      kind: "status",
      status: move.to,
      author: move.author.kind,
      authorId: move.author.id,
      text: move.text,
      createdAt: move.at,
    });
    return updated;
  });
}

/** Adds a message to a request's history and touches the request, in one transaction. */
export async function insertMessage(
  db: TDrizzle,
  id: string,
  author: TEventAuthor,
  text: string,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(productionEvents).values({
      id: randomUUID(),
      requestId: id,
      kind: "message",
      status: null,
      author: author.kind,
      authorId: author.id,
      text,
      createdAt: at,
    });
    await tx.update(productionRequests).set({ updatedAt: at }).where(eq(productionRequests.id, id));
  });
}

/** Deletes an owner's requests and their history. */
export async function deleteRequestsOf(db: TDrizzle, ownerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = (
      await tx
        .select({ id: productionRequests.id })
        .from(productionRequests)
        .where(eq(productionRequests.ownerId, ownerId))
    ).map((r) => r.id);
    if (ids.length > 0) await tx.delete(productionEvents).where(inArray(productionEvents.requestId, ids));
    await tx.delete(productionRequests).where(eq(productionRequests.ownerId, ownerId));
  });
}
