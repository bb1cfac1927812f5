/** Queries of the content tables. Only modules/content calls them. */
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { contents, type UPLOAD_KINDS, uploads } from "../../db/schema/content";
import type { TDrizzle } from "../../platform/types";

/** A content row. */
export type TContentRow = typeof contents.$inferSelect;
/** A new content row. */
export type TNewContentRow = typeof contents.$inferInsert;
/** An upload row. */
export type TUploadRow = typeof uploads.$inferSelect;
/** A kind of uploaded file. */
export type TUploadKind = (typeof UPLOAD_KINDS)[number];

/** One content by id, whoever owns it (callers apply the policy). */
export async function findContent(db: TDrizzle, id: string): Promise<TContentRow | undefined> {
  const [row] = await db.select().from(contents).where(eq(contents.id, id)).limit(1);
  return row;
}

/** Sort orders of the studio list. */
export type TContentSort = "updated" | "title" | "views" | "created";

const ORDER: Record<TContentSort, SQL[]> = {
  updated: [desc(contents.updatedAt), desc(contents.createdAt)],
  title: [asc(contents.title), desc(contents.updatedAt)],
  views: [desc(contents.views), desc(contents.updatedAt)],
  created: [desc(contents.createdAt)],
};

/** Most rows the list answers. */
export const LIST_LIMIT = 500;

/** LIKE pattern matching `text` anywhere, with its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The owner's contents whose title contains `search` (any case), sorted. */
export function listContents(
  db: TDrizzle,
  ownerId: string,
  search: string,
  sort: TContentSort,
): Promise<TContentRow[]> {
  const where =
    search === ""
      ? eq(contents.ownerId, ownerId)
      : and(eq(contents.ownerId, ownerId), ilike(contents.title, containsPattern(search)));
  return db
    .select()
    .from(contents)
    .where(where)
    .orderBy(...ORDER[sort], asc(contents.id))
    .limit(LIST_LIMIT);
}

/** The contents of an owner. */
export function contentsOfOwner(db: TDrizzle, ownerId: string): Promise<TContentRow[]> {
  return db.select().from(contents).where(eq(contents.ownerId, ownerId));
}

/** Keys of `keys` the owner uploaded as files of `kind`. */
export async function ownedKeys(
  db: TDrizzle,
  ownerId: string,
  keys: readonly string[],
  kind: TUploadKind,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.kind, kind), inArray(uploads.key, [...keys])));
  return new Set(rows.map((r) => r.key));
}

/** The keys among `keys` that some content or upload row still names. */
export async function referencedKeys(db: TDrizzle, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = [...keys];
  const [byContent, byUpload] = await Promise.all([
    db
      .select({ originalKey: contents.originalKey, modelKey: contents.modelKey })
      .from(contents)
      .where(or(inArray(contents.originalKey, list), inArray(contents.modelKey, list))),
    db.selectDistinct({ key: uploads.key }).from(uploads).where(inArray(uploads.key, list)),
  ]);
  const found = new Set<string>();
  for (const row of byContent) {
    found.add(row.originalKey);
    if (row.modelKey) found.add(row.modelKey);
  }
  for (const row of byUpload) found.add(row.key);
  return found;
}

/** The upload rows of a content. */
export function uploadsOfContent(db: TDrizzle, contentId: string): Promise<TUploadRow[]> {
  return db.select().from(uploads).where(eq(uploads.contentId, contentId));
}

/** The upload rows of an owner. */
export function uploadsOfOwner(db: TDrizzle, ownerId: string): Promise<TUploadRow[]> {
  return db.select().from(uploads).where(eq(uploads.ownerId, ownerId));
}

/** Which public contents to list: of some owners (all when null), newest or most viewed first. */
export interface TPublicQuery {
  ownerIds: readonly string[] | null;
  sort: "new" | "views";
  limit: number;
  /** Keyset of the last row of the previous page (`new` order only). */
  before?: { createdAt: Date; id: string } | null;
}

/** Ready public contents (visitors' lists: channels, feed, showcase). */
export function publicContents(db: TDrizzle, query: TPublicQuery): Promise<TContentRow[]> {
  if (query.ownerIds !== null && query.ownerIds.length === 0) return Promise.resolve([]);
  const conditions: SQL[] = [eq(contents.isPublic, true), eq(contents.status, "ready")];
  if (query.ownerIds !== null) conditions.push(inArray(contents.ownerId, [...query.ownerIds]));
  // The keyset compares at millisecond precision: a cursor carries a JS Date, and PostgreSQL keeps
  // microseconds, so rows of the same millisecond would otherwise be skipped between pages.
  const createdMs = sql`date_trunc('milliseconds', ${contents.createdAt})`;
  const before = query.before;
  if (before) {
    const at = before.createdAt.toISOString();
    conditions.push(
      sql`(${createdMs} < ${at}::timestamptz or (${createdMs} = ${at}::timestamptz and ${contents.id} < ${before.id}))`,
    );
  }
  const order =
    query.sort === "new"
      ? [sql`${createdMs} desc`, desc(contents.id)]
      : [desc(contents.views), desc(contents.createdAt), desc(contents.id)];
  return db
    .select()
    .from(contents)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit);
}

/** Ready public contents among `ids`. */
export function publicContentsByIds(db: TDrizzle, ids: readonly string[]): Promise<TContentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contents)
    .where(and(inArray(contents.id, [...ids]), eq(contents.isPublic, true), eq(contents.status, "ready")));
}

/** The ready contents among `ids`, public or not. */
export function readyContentsByIds(db: TDrizzle, ids: readonly string[]): Promise<TContentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contents)
    .where(and(inArray(contents.id, [...ids]), eq(contents.status, "ready")));
}

/** The owners among `ownerIds` with at least one ready public content. */
export async function ownersWithPublicContent(
  db: TDrizzle,
  ownerIds: readonly string[],
): Promise<Set<string>> {
  if (ownerIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ ownerId: contents.ownerId })
    .from(contents)
    .where(
      and(
        inArray(contents.ownerId, [...ownerIds]),
        eq(contents.isPublic, true),
        eq(contents.status, "ready"),
      ),
    );
  return new Set(rows.map((r) => r.ownerId));
}
