/**
 * The Q&A board service (issue 15): owners' questions (public or private), operators' answers
 * and notices, moderation. Texts are plain text (the contract strips control characters; the
 * web shows them as text, never as markup). A private or hidden post is seen by its asker and
 * the operators only; to others a private question is listed without its title.
 */
import { randomUUID } from "node:crypto";
import {
  AppError,
  newId,
  QNA_PAGE_SIZE,
  type TQnaCategory,
  type TQnaDoc,
  type TQnaSummary,
} from "@vitrine/contract";
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { qnaAnswers, qnaPosts } from "../../db/schema/qna";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TDrizzle, TMailer } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TContentService } from "../content/service";
import { answeredMail } from "./mails";

type TPostRow = typeof qnaPosts.$inferSelect;

/** What the service needs. */
export interface TQnaDeps {
  db: TDrizzle;
  mail: TMailer;
  logger: FastifyBaseLogger;
  publicUrl: string;
  accounts: Pick<TAccountsService, "userInfo">;
  content: Pick<TContentService, "ownedUploadUrls">;
  audit: TAuditService;
  now: () => Date;
}

/** A question's fields (validated by the contract). */
export interface TQuestionInput {
  title: string;
  category: TQnaCategory;
  body: string;
  images: string[];
  is_private: boolean;
}

/** The board name of an e-mail ID: its first three characters, then `***`. */
export function boardName(emailId: string): string {
  const local = emailId.split("@")[0] ?? "";
  return `${Array.from(local).slice(0, 3).join("")}***`;
}

/** True when `viewer` may read the post whole (its asker, or an operator). */
function mayRead(row: TPostRow, viewer: TAuth | null): boolean {
  if (viewer?.isSuper) return true;
  return viewer !== null && viewer.userId === row.authorId;
}

function toSummary(row: TPostRow, viewer: TAuth | null, answerCount: number): TQnaSummary {
  const isOpen = !row.isPrivate || mayRead(row, viewer);
  return {
    id: row.id,
    kind: row.kind as TQnaSummary["kind"],
    title: isOpen ? row.title : null,
    category: row.category as TQnaCategory,
    status: row.status as TQnaSummary["status"],
    is_private: row.isPrivate,
    is_pinned: row.isPinned,
    is_hidden: row.isHidden,
    is_mine: viewer !== null && viewer.userId === row.authorId,
    author: row.kind === "notice" ? "Vitrine" : row.authorName,
    answer_count: answerCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** Escapes LIKE wildcards of a search. */
function likeOf(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The Q&A service. */
export type TQnaService = ReturnType<typeof createQnaService>;

/** Creates the Q&A service. */
export function createQnaService(deps: TQnaDeps) {
  const { db, now } = deps;

  async function answerCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: qnaAnswers.qnaId, n: count() })
      .from(qnaAnswers)
      .where(inArray(qnaAnswers.qnaId, [...ids]))
      .groupBy(qnaAnswers.qnaId);
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  async function summaries(rows: TPostRow[], viewer: TAuth | null): Promise<TQnaSummary[]> {
    const counts = await answerCounts(rows.map((r) => r.id));
    return rows.map((row) => toSummary(row, viewer, counts.get(row.id) ?? 0));
  }

  async function findPost(id: string): Promise<TPostRow> {
    const [row] = await db.select().from(qnaPosts).where(eq(qnaPosts.id, id));
    if (!row) throw new AppError("notFound");
    return row;
  }

  /** The post as `viewer` may see it; a private or hidden one is `notFound` to others. */
  async function docOf(row: TPostRow, viewer: TAuth | null): Promise<TQnaDoc> {
    if ((row.isPrivate || row.isHidden) && !mayRead(row, viewer)) throw new AppError("notFound");
    const answers = await db
      .select()
      .from(qnaAnswers)
      .where(eq(qnaAnswers.qnaId, row.id))
      .orderBy(qnaAnswers.createdAt, qnaAnswers.id);
    const summary = toSummary(row, viewer, answers.length);
    return {
      ...summary,
      title: row.title,
      body: row.body,
      images: row.images,
      answers: answers.map((a) => ({ id: a.id, body: a.body, created_at: a.createdAt.toISOString() })),
      can_edit: summary.is_mine && row.kind === "question" && row.status === "waiting",
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** The caller's question, still unanswered; another's is `notFound`, an answered one `qnaAnswered`. */
  async function ownOpenQuestion(auth: TAuth, id: string): Promise<TPostRow> {
    const row = await findPost(id);
    if (row.authorId !== auth.userId || row.kind !== "question") throw new AppError("notFound");
    if (row.status !== "waiting") throw new AppError("qnaAnswered");
    return row;
  }

  async function checkImages(auth: TAuth, images: readonly string[]): Promise<void> {
    const owned = await deps.content.ownedUploadUrls(auth.userId, images, "file");
    if (images.some((url) => !owned.has(url))) throw new AppError("uploadNotYours");
  }

  async function list(
    filter: {
      page: number;
      q?: string;
      category?: TQnaCategory | null;
      status?: "waiting" | "answered" | null;
    },
    viewer: TAuth | null,
    forConsole: boolean,
  ) {
    const conditions: SQL[] = [];
    if (!forConsole) conditions.push(eq(qnaPosts.isHidden, false));
    if (filter.category) conditions.push(eq(qnaPosts.category, filter.category));
    if (filter.status)
      conditions.push(and(eq(qnaPosts.kind, "question"), eq(qnaPosts.status, filter.status)) as SQL);
    const q = (filter.q ?? "").trim();
    if (q !== "") {
      const like = likeOf(q);
      // Private texts are searched only for those who may read them: a search must not reveal them.
      const readable = forConsole
        ? sql`true`
        : viewer
          ? or(eq(qnaPosts.isPrivate, false), eq(qnaPosts.authorId, viewer.userId))
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
      .limit(QNA_PAGE_SIZE)
      .offset((filter.page - 1) * QNA_PAGE_SIZE);
    const [total] = await db.select({ n: count() }).from(qnaPosts).where(where);
    return {
      docs: await summaries(rows, viewer),
      total: total?.n ?? 0,
      page: filter.page,
      page_size: QNA_PAGE_SIZE,
    };
  }

  const audit = (actorId: string, action: string, row: TPostRow, after: Record<string, unknown>) =>
    deps.audit.audit({
      actorId,
      action: `qna.${action}`,
      targetType: "qna_post",
      targetId: row.id,
      before: { status: row.status, is_hidden: row.isHidden, is_pinned: row.isPinned },
      after,
    });

  return {
    list: (filter: Parameters<typeof list>[0], viewer: TAuth | null) => list(filter, viewer, false),
    adminList: (filter: Parameters<typeof list>[0], viewer: TAuth) => list(filter, viewer, true),

    async newList(viewer: TAuth | null) {
      const notices = await db
        .select()
        .from(qnaPosts)
        .where(and(eq(qnaPosts.kind, "notice"), eq(qnaPosts.isHidden, false)))
        .orderBy(desc(qnaPosts.isPinned), desc(qnaPosts.createdAt))
        .limit(10);
      const latest = await db
        .select()
        .from(qnaPosts)
        .where(and(eq(qnaPosts.kind, "question"), eq(qnaPosts.isHidden, false)))
        .orderBy(desc(qnaPosts.createdAt), desc(qnaPosts.id))
        .limit(10);
      return { notices: await summaries(notices, viewer), latest: await summaries(latest, viewer) };
    },

    async detail(id: string, viewer: TAuth | null): Promise<TQnaDoc> {
      return docOf(await findPost(id), viewer);
    },

    async create(auth: TAuth, input: TQuestionInput): Promise<TQnaDoc> {
      await checkImages(auth, input.images);
      const user = await deps.accounts.userInfo(auth.userId);
      const at = now();
      const [row] = await db
        .insert(qnaPosts)
        .values({
          id: newId("qna"),
          kind: "question",
          authorId: auth.userId,
          authorName: boardName(user.email_id),
          category: input.category,
          title: input.title,
          body: input.body,
          images: input.images,
          isPrivate: input.is_private,
          status: "waiting",
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error("qna insert returned no row");
      return docOf(row, auth);
    },

    async update(auth: TAuth, id: string, input: TQuestionInput): Promise<TQnaDoc> {
      await ownOpenQuestion(auth, id);
      await checkImages(auth, input.images);
      const [row] = await db
        .update(qnaPosts)
        .set({
          title: input.title,
          category: input.category,
          body: input.body,
          images: input.images,
          isPrivate: input.is_private,
          updatedAt: now(),
        })
        // Only while still unanswered: an answer landing meanwhile wins.
        .where(and(eq(qnaPosts.id, id), eq(qnaPosts.status, "waiting")))
        .returning();
      if (!row) throw new AppError("qnaAnswered");
      return docOf(row, auth);
    },

    async remove(auth: TAuth, id: string): Promise<void> {
      await ownOpenQuestion(auth, id);
      const done = await db
        .delete(qnaPosts)
        .where(and(eq(qnaPosts.id, id), eq(qnaPosts.status, "waiting")))
        .returning({ id: qnaPosts.id });
      if (done.length === 0) throw new AppError("qnaAnswered");
    },

    async answer(actor: TAuth, id: string, body: string): Promise<TQnaDoc> {
      const row = await findPost(id);
      if (row.kind !== "question") throw new AppError("notFound");
      const at = now();
      const updated = await db.transaction(async (tx) => {
        await tx
          .insert(qnaAnswers)
          .values({ id: randomUUID(), qnaId: id, authorId: actor.userId, body, createdAt: at });
        const [u] = await tx
          .update(qnaPosts)
          .set({ status: "answered", updatedAt: at })
          .where(eq(qnaPosts.id, id))
          .returning();
        await deps.audit.audit(
          {
            actorId: actor.userId,
            action: "qna.answer",
            targetType: "qna_post",
            targetId: id,
            before: { status: row.status },
            after: { status: "answered" },
          },
          tx,
        );
        return u;
      });
      if (!updated) throw new AppError("notFound");
      try {
        const asker = await deps.accounts.userInfo(row.authorId);
        await deps.mail.send(
          answeredMail(
            asker.email,
            asker.language,
            row.title,
            `${deps.publicUrl}/qnacontentdetails?id=${row.id}`,
          ),
        );
      } catch (error) {
        deps.logger.error(
          { err: error instanceof Error ? error.message : String(error), qna: row.id },
          "qna answer mail failed",
        );
      }
      return docOf(updated, actor);
    },

    async notice(actor: TAuth, input: { title: string; body: string; is_pinned: boolean }): Promise<TQnaDoc> {
      const at = now();
      const [row] = await db
        .insert(qnaPosts)
        .values({
          id: newId("qna"),
          kind: "notice",
          authorId: actor.userId,
          authorName: "Vitrine",
          category: "general",
          title: input.title,
          body: input.body,
          images: [],
          isPrivate: false,
          isPinned: input.is_pinned,
          status: "answered",
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error("notice insert returned no row");
      await audit(actor.userId, "notice", row, { title: row.title, is_pinned: row.isPinned });
      return docOf(row, actor);
    },

    async moderate(actor: TAuth, id: string, change: { is_pinned?: boolean; is_hidden?: boolean }) {
      const row = await findPost(id);
      const [updated] = await db
        .update(qnaPosts)
        .set({
          ...(change.is_pinned === undefined ? {} : { isPinned: change.is_pinned }),
          ...(change.is_hidden === undefined ? {} : { isHidden: change.is_hidden }),
          updatedAt: now(),
        })
        .where(eq(qnaPosts.id, id))
        .returning();
      if (!updated) throw new AppError("notFound");
      await audit(actor.userId, "moderate", row, {
        is_hidden: updated.isHidden,
        is_pinned: updated.isPinned,
      });
      return docOf(updated, actor);
    },

    /** Removes an owner's questions and their answers (account deletion). */
    async removeOwnerData(ownerId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const ids = (
          await tx.select({ id: qnaPosts.id }).from(qnaPosts).where(eq(qnaPosts.authorId, ownerId))
        ).map((r) => r.id);
        if (ids.length > 0) await tx.delete(qnaAnswers).where(inArray(qnaAnswers.qnaId, ids));
        await tx.delete(qnaPosts).where(and(eq(qnaPosts.authorId, ownerId), eq(qnaPosts.kind, "question")));
      });
    },
  };
}
