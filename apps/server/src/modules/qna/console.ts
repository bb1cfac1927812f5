/**
 * The operators' side of the board: answering a question (its asker is mailed), notices, and
 * moderation (pin, hide). Each action writes an audit row; an answer commits with its row.
 */
import { AppError, newId, type TQnaDoc } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TBoard, TQnaDeps } from "./board";
import { answeredMail } from "./mails";
import { insertAnswer, insertPost, type TPostRow, updatePost } from "./queries";

/** The console's verbs. */
export interface TQnaConsole {
  answer(actor: TAuth, id: string, body: string): Promise<TQnaDoc>;
  notice(actor: TAuth, input: { title: string; body: string; is_pinned: boolean }): Promise<TQnaDoc>;
  moderate(actor: TAuth, id: string, change: { is_pinned?: boolean; is_hidden?: boolean }): Promise<TQnaDoc>;
}

/** Creates the console's verbs. */
export function createQnaConsole(
  deps: Pick<TQnaDeps, "db" | "mail" | "logger" | "publicUrl" | "accounts" | "audit" | "now">,
  board: Pick<TBoard, "findPost" | "docOf">,
): TQnaConsole {
  const { db, now } = deps;

  const audit = (actorId: string, action: string, row: TPostRow, after: Record<string, unknown>) =>
    deps.audit.audit({
      actorId,
      action: `qna.${action}`,
      targetType: "qna_post",
      targetId: row.id,
      before: { status: row.status, is_hidden: row.isHidden, is_pinned: row.isPinned },
      after,
    });

  /** Mails the asker that their question was answered; a failure is logged, never the caller's. */
  async function mailAsker(row: TPostRow): Promise<void> {
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
  }

  return {
    async answer(actor, id, body) {
      const row = await board.findPost(id);
      if (row.kind !== "question") throw new AppError("notFound");
      const at = now();
      const updated = await db.transaction(async (tx) => {
        await insertAnswer(tx, { qnaId: id, authorId: actor.userId, body, createdAt: at });
        const u = await updatePost(tx, id, { status: "answered", updatedAt: at });
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
      await mailAsker(row);
      return board.docOf(updated, actor);
    },

    async notice(actor, input) {
      const at = now();
      const row = await insertPost(db, {
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
      });
      if (!row) throw new Error("notice insert returned no row");
      await audit(actor.userId, "notice", row, { title: row.title, is_pinned: row.isPinned });
      return board.docOf(row, actor);
    },

    async moderate(actor, id, change) {
      const row = await board.findPost(id);
      const updated = await updatePost(db, id, {
        ...(change.is_pinned === undefined ? {} : { isPinned: change.is_pinned }),
        ...(change.is_hidden === undefined ? {} : { isHidden: change.is_hidden }),
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      await audit(actor.userId, "moderate", row, {
        is_hidden: updated.isHidden,
        is_pinned: updated.isPinned,
      });
      return board.docOf(updated, actor);
    },
  };
}
