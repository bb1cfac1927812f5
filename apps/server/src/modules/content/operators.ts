/** What the operators' console (admin module) asks of contents: finding them, and counts. */
import { count, desc, eq, or, sql } from "drizzle-orm";
import { contents } from "../../db/schema/content";
import type { TDrizzle } from "../../platform/types";
import type { TContentRow } from "./queries";

/** A content as the operators' console sees it. */
export interface TOperatorContent {
  contentId: string;
  title: string;
  ownerId: string;
  status: TContentRow["status"];
  isProduced: boolean;
  thumbnailUrl: string | null;
  createdAt: Date;
}

/** What the operators' console (admin module) asks of contents. */
export interface TContentOperators {
  /** The content with this id and/or the newest `limit` of this owner. */
  find(query: { contentId?: string; ownerId?: string }, limit: number): Promise<TOperatorContent[]>;
  /** Contents of one owner. */
  countOf(ownerId: string): Promise<number>;
  /** Every content, and those marked produced. */
  counts(): Promise<{ contents: number; produced: number }>;
}

function toOperatorContent(row: TContentRow): TOperatorContent {
  return {
    contentId: row.id,
    title: row.title,
    ownerId: row.ownerId,
    status: row.status,
    isProduced: row.isProduced,
    thumbnailUrl: row.thumbnailUrl,
    createdAt: row.createdAt,
  };
}

/** Creates the console's verbs. */
export function createContentOperators(db: TDrizzle): TContentOperators {
  return {
    async find(query, limit) {
      if (!query.contentId && !query.ownerId) return [];
      const rows = await db
        .select()
        .from(contents)
        .where(
          or(
            query.contentId ? eq(contents.id, query.contentId) : undefined,
            query.ownerId ? eq(contents.ownerId, query.ownerId) : undefined,
          ),
        )
        .orderBy(desc(contents.createdAt), desc(contents.id))
        .limit(limit);
      return rows.map(toOperatorContent);
    },
    async countOf(ownerId) {
      const [row] = await db.select({ n: count() }).from(contents).where(eq(contents.ownerId, ownerId));
      return row?.n ?? 0;
    },
    async counts() {
      const [row] = await db
        .select({
          contents: count(),
          produced: sql<number>`count(*) filter (where ${contents.isProduced})`.mapWith(Number),
        })
        .from(contents);
      return { contents: row?.contents ?? 0, produced: row?.produced ?? 0 };
    },
  };
}
