/**
 * Reading the board: the list (searched, by category and status), the new-posts list (notices
 * and latest questions) and one post. A private or hidden post is seen by its asker and the
 * operators only. Also what the other verb files need to read: `findPost` and `docOf`.
 */
import {
  AppError,
  QNA_PAGE_SIZE,
  type TQnaCategory,
  type TQnaDoc,
  type TQnaSummary,
} from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TDrizzle, TMailer, TRateLimiter } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TContentService } from "../content/service";
import { mayRead, toDoc, toSummary } from "./docs";
import {
  answerCounts,
  answersOf,
  latestNotices,
  latestQuestions,
  postById,
  postPage,
  type TPostRow,
} from "./queries";

/** What the service needs. */
export interface TQnaDeps {
  db: TDrizzle;
  mail: TMailer;
  logger: FastifyBaseLogger;
  rateLimits: TRateLimiter;
  publicUrl: string;
  accounts: Pick<TAccountsService, "userInfo">;
  content: Pick<TContentService, "ownedUploadUrls">;
  audit: TAuditService;
  now: () => Date;
}

/** A board list's filter (validated by the contract). */
export interface TBoardFilter {
  page: number;
  q?: string;
  category?: TQnaCategory | null;
  status?: "waiting" | "answered" | null;
}

/** One page of the board. */
export interface TBoardPage {
  docs: TQnaSummary[];
  total: number;
  page: number;
  page_size: number;
}

/** The board's reads. */
export interface TBoard {
  /** A page of the board; `forConsole` shows hidden posts and searches private texts. */
  list(filter: TBoardFilter, viewer: TAuth | null, forConsole: boolean): Promise<TBoardPage>;
  newList(viewer: TAuth | null): Promise<{ notices: TQnaSummary[]; latest: TQnaSummary[] }>;
  /** The post; `notFound` when there is none. */
  findPost(id: string): Promise<TPostRow>;
  /** The post as `viewer` may see it; a private or hidden one is `notFound` to others. */
  docOf(row: TPostRow, viewer: TAuth | null): Promise<TQnaDoc>;
}

/** Creates the board's reads. */
export function createBoard(deps: Pick<TQnaDeps, "db">): TBoard {
  const { db } = deps;

  async function summaries(rows: TPostRow[], viewer: TAuth | null): Promise<TQnaSummary[]> {
    const counts = await answerCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toSummary(row, viewer, counts.get(row.id) ?? 0));
  }

  return {
    async list(filter, viewer, forConsole) {
      const { rows, total } = await postPage(
        db,
        {
          q: filter.q ?? "",
          category: filter.category ?? null,
          status: filter.status ?? null,
          forConsole,
          viewerId: viewer?.userId ?? null,
        },
        (filter.page - 1) * QNA_PAGE_SIZE,
        QNA_PAGE_SIZE,
      );
      return { docs: await summaries(rows, viewer), total, page: filter.page, page_size: QNA_PAGE_SIZE };
    },

    async newList(viewer) {
      const notices = await latestNotices(db, 10);
      const latest = await latestQuestions(db, 10);
      return { notices: await summaries(notices, viewer), latest: await summaries(latest, viewer) };
    },

    async findPost(id) {
      const row = await postById(db, id);
      if (!row) throw new AppError("notFound");
      return row;
    },

    async docOf(row, viewer) {
      if ((row.isPrivate || row.isHidden) && !mayRead(row, viewer)) throw new AppError("notFound");
      return toDoc(row, viewer, await answersOf(db, row.id));
    },
  };
}
