/**
 * An owner's questions: asking (public or private, with images the owner uploaded), and changing
 * or deleting a question while it is still unanswered (an answer landing meanwhile wins).
 */
import { AppError, newId, type TQnaCategory, type TQnaDoc } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TBoard, TQnaDeps } from "./board";
import { boardName } from "./docs";
import { deleteWaitingQuestion, insertPost, type TPostRow, updateWaitingQuestion } from "./queries";

/** A question's fields (validated by the contract). */
export interface TQuestionInput {
  title: string;
  category: TQnaCategory;
  body: string;
  images: string[];
  is_private: boolean;
}

/** The owner's verbs. */
export interface TQuestions {
  /** Asks from `ip`; a burst of questions (per account, per IP) answers `rateLimited`. */
  create(auth: TAuth, input: TQuestionInput, ip: string): Promise<TQnaDoc>;
  update(auth: TAuth, id: string, input: TQuestionInput): Promise<TQnaDoc>;
  remove(auth: TAuth, id: string): Promise<void>;
}

/** Creates the owner's verbs. */
export function createQuestions(
  deps: Pick<TQnaDeps, "db" | "accounts" | "content" | "rateLimits" | "now">,
  board: Pick<TBoard, "findPost" | "docOf">,
): TQuestions {
  const { db, now } = deps;

  /** The caller's question, still unanswered; another's is `notFound`, an answered one `qnaAnswered`. */
  async function ownOpenQuestion(auth: TAuth, id: string): Promise<TPostRow> {
    const row = await board.findPost(id);
    if (row.authorId !== auth.userId || row.kind !== "question") throw new AppError("notFound");
    if (row.status !== "waiting") throw new AppError("qnaAnswered");
    return row;
  }

  async function checkImages(auth: TAuth, images: readonly string[]): Promise<void> {
    const owned = await deps.content.ownedUploadUrls(auth.userId, images, "file");
    if (images.some((url) => !owned.has(url))) throw new AppError("uploadNotYours");
  }

  return {
    async create(auth, input, ip) {
      await deps.rateLimits.consume("qna-post-user", auth.userId);
      await deps.rateLimits.consume("qna-post-ip", ip);
      await checkImages(auth, input.images);
      const user = await deps.accounts.userInfo(auth.userId);
      const at = now();
      const row = await insertPost(db, {
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
      });
      if (!row) throw new Error("qna insert returned no row");
      return board.docOf(row, auth);
    },

    async update(auth, id, input) {
      await ownOpenQuestion(auth, id);
      await checkImages(auth, input.images);
      const row = await updateWaitingQuestion(db, id, {
        title: input.title,
        category: input.category,
        body: input.body,
        images: input.images,
        isPrivate: input.is_private,
        updatedAt: now(),
      });
      if (!row) throw new AppError("qnaAnswered");
      return board.docOf(row, auth);
    },

    async remove(auth, id) {
      await ownOpenQuestion(auth, id);
      if (!(await deleteWaitingQuestion(db, id))) throw new AppError("qnaAnswered");
    },
  };
}
