/**
 * The Q&A board service (issue 15): owners' questions (public or private), operators' answers
 * and notices, moderation. Texts are plain text (the contract strips control characters; the
 * web shows them as text, never as markup). A private or hidden post is seen by its asker and
 * the operators only; to others a private question is listed without its title. It composes
 * `board.ts` (the reads), `questions.ts` (the owner's verbs) and `console.ts` (the operators');
 * SQL lives in `queries.ts`.
 */
import type { TAuth } from "../../platform/types";
import { createBoard, type TBoard, type TBoardFilter, type TQnaDeps } from "./board";
import { createQnaConsole, type TQnaConsole } from "./console";
import { deleteQuestionsOf } from "./queries";
import { createQuestions, type TQuestions } from "./questions";

export type { TQnaDeps } from "./board";
export type { TQuestionInput } from "./questions";

/** The Q&A service. */
export interface TQnaService extends TQuestions, TQnaConsole, Pick<TBoard, "newList"> {
  list(filter: TBoardFilter, viewer: TAuth | null): ReturnType<TBoard["list"]>;
  adminList(filter: TBoardFilter, viewer: TAuth): ReturnType<TBoard["list"]>;
  detail(id: string, viewer: TAuth | null): ReturnType<TBoard["docOf"]>;
  /** Removes an owner's questions and their answers (account deletion). */
  removeOwnerData(ownerId: string): Promise<void>;
}

/** Creates the Q&A service. */
export function createQnaService(deps: TQnaDeps): TQnaService {
  const board = createBoard(deps);
  return {
    ...createQuestions(deps, board),
    ...createQnaConsole(deps, board),
    list: (filter, viewer) => board.list(filter, viewer, false),
    adminList: (filter, viewer) => board.list(filter, viewer, true),
    newList: (viewer) => board.newList(viewer),
    detail: async (id, viewer) => board.docOf(await board.findPost(id), viewer),
    removeOwnerData: (ownerId) => deleteQuestionsOf(deps.db, ownerId),
  };
}
