/** Maps Q&A rows to the contract's documents, as a given viewer may see them. */
import type { TQnaCategory, TQnaDoc, TQnaSummary } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TAnswerRow, TPostRow } from "./queries";

/** The board name of an e-mail ID: its first three characters, then `***`. */
export function boardName(emailId: string): string {
  const local = emailId.split("@")[0] ?? "";
  return `${Array.from(local).slice(0, 3).join("")}***`;
}

/** True when `viewer` may read the post whole (its asker, or an operator). */
export function mayRead(row: TPostRow, viewer: TAuth | null): boolean {
  if (viewer?.isSuper) return true;
  return viewer !== null && viewer.userId === row.authorId;
}

/** A post in a list; to others a private question is listed without its title. */
export function toSummary(row: TPostRow, viewer: TAuth | null, answerCount: number): TQnaSummary {
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

/** A post whole, with its answers (the caller checked that `viewer` may read it). */
export function toDoc(row: TPostRow, viewer: TAuth | null, answers: TAnswerRow[]): TQnaDoc {
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
