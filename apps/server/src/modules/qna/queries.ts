/** Queries of the Q&A tables (posts and answers). Only modules/qna calls them. */
import { randomUUID } from "node:crypto";
import type { TQnaCategory } from "@vitrine/contract";
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { qnaAnswers, qnaPosts } from "../../db/schema/qna";
import type { TDrizzle } from "../../platform/types";

/** A stored post (a question or a notice). */
export type TPostRow = typeof qnaPosts.$inferSelect;
/** A post's fields as written. */
export type TPostFields = typeof qnaPosts.$inferInsert;
/** A stored answer. */
export type TAnswerRow = typeof qnaAnswers.$inferSelect;

/** Escapes LIKE wildcards of a search. */
function likeOf(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A post by its id, if any. */
export async function postById(db: TDrizzle, id: string): Promise<TPostRow | undefined> {
  const [row] = await db.select().from(qnaPosts).where(eq(qnaPosts.id, id));
  return row;
}

/** How many answers each of these posts has (posts without any are left out). */
export async function answerCounts(db: TDrizzle, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: qnaAnswers.qnaId, n: count() })
    .from(qnaAnswers)
    .where(inArray(qnaAnswers.qnaId, [...ids]))
    .groupBy(qnaAnswers.qnaId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** A post's answers, oldest first. */
export function answersOf(db: TDrizzle, postId: string): Promise<TAnswerRow[]> {
  return db
    .select()
    .from(qnaAnswers)
    .where(eq(qnaAnswers.qnaId, postId))
    .orderBy(qnaAnswers.createdAt, qnaAnswers.id);
}

/** A board list's filter, as the viewer may search it. */
export interface TPostFilter {
  q: string;
  category: TQnaCategory | null;
  status: "waiting" | "answered" | null;
  /** The console sees hidden posts and searches private texts. */
  forConsole: boolean;
  /** The viewer's id: their own private questions are searched too. */
  viewerId: string | null;
}

/** One page of the board (pinned notices first, then newest), and how many match. */
export async function postPage(
  db: TDrizzle,
  filter: TPostFilter,
  offset: number,
  limit: number,
): Promise<{ rows: TPostRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (!filter.forConsole) conditions.push(eq(qnaPosts.isHidden, false));
  if (filter.category) conditions.push(eq(qnaPosts.category, filter.category));
  if (filter.status)
    conditions.push(and(eq(qnaPosts.kind, "question"), eq(qnaPosts.status, filter.status)) as SQL);
  const q = filter.q.trim();
  if (q !== "") {
    const like = likeOf(q);
    // Private texts are searched only for those who may read them: a search must not reveal them.
    const readable = filter.forConsole
      ? sql`true`
      : filter.viewerId !== null
        ? or(eq(qnaPosts.isPrivate, false), eq(qnaPosts.authorId, filter.viewerId))
        : eq(qnaPosts.isPrivate, false);
    const match = and(readable, or(ilike(qnaPosts.title, like), ilike(qnaPosts.body, like)));
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(qnaPosts)
    .where(where)
    .orderBy(
      desc(sql`(${qnaPosts.kind} = 'notice' and ${qnaPosts.isPinned})`),
      desc(qnaPosts.createdAt),
      desc(qnaPosts.id),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(qnaPosts).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The latest visible notices, pinned first. */
export function latestNotices(db: TDrizzle, limit: number): Promise<TPostRow[]> {
  return db
    .select()
    .from(qnaPosts)
    .where(and(eq(qnaPosts.kind, "notice"), eq(qnaPosts.isHidden, false)))
    .orderBy(desc(qnaPosts.isPinned), desc(qnaPosts.createdAt))
    .limit(limit);
}

/** The latest visible questions. */
export function latestQuestions(db: TDrizzle, limit: number): Promise<TPostRow[]> {
  return db
    .select()
    .from(qnaPosts)
    .where(and(eq(qnaPosts.kind, "question"), eq(qnaPosts.isHidden, false)))
    .orderBy(desc(qnaPosts.createdAt), desc(qnaPosts.id))
    .limit(limit);
}

/** Stores a post. */
export async function insertPost(db: TDrizzle, fields: TPostFields): Promise<TPostRow | undefined> {
  const [row] = await db.insert(qnaPosts).values(fields).returning();
  return row;
}

/** Changes a question only while it is still unanswered; undefined when an answer came first. */
export async function updateWaitingQuestion(
  db: TDrizzle,
  id: string,
  fields: Partial<TPostFields>,
): Promise<TPostRow | undefined> {
  const [row] = await db
    .update(qnaPosts)
    .set(fields)
    .where(and(eq(qnaPosts.id, id), eq(qnaPosts.status, "waiting")))
    .returning();
  return row;
}

/** Deletes a question only while it is still unanswered; false when an answer came first. */
export async function deleteWaitingQuestion(db: TDrizzle, id: string): Promise<boolean> {
  const done = await db
    .delete(qnaPosts)
    .where(and(eq(qnaPosts.id, id), eq(qnaPosts.status, "waiting")))
    .returning({ id: qnaPosts.id });
  return done.length > 0;
}

/** Changes a post whatever its state (moderation, the answered mark). */
export async function updatePost(
  handle: TDrizzle,
  id: string,
  fields: Partial<TPostFields>,
): Promise<TPostRow | undefined> {
  const [row] = await handle.update(qnaPosts).set(fields).where(eq(qnaPosts.id, id)).returning();
  return row;
}

/** Stores an operator's answer. */
export async function insertAnswer(
  tx: TDrizzle,
  answer: { qnaId: string; authorId: string; body: string; createdAt: Date },
): Promise<void> {
  await tx.insert(qnaAnswers).values({ id: randomUUID(), ...answer });
}

/** Deletes an owner's questions and their answers. */
export async function deleteQuestionsOf(db: TDrizzle, ownerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = (
      await tx.select({ id: qnaPosts.id }).from(qnaPosts).where(eq(qnaPosts.authorId, ownerId))
    ).map((r) => r.id);
    if (ids.length > 0) await tx.delete(qnaAnswers).where(inArray(qnaAnswers.qnaId, ids));
    await tx.delete(qnaPosts).where(and(eq(qnaPosts.authorId, ownerId), eq(qnaPosts.kind, "question")));
  });
}
