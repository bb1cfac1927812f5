/**
 * What the production verbs need, and what both the owner's and the console's verbs use: the
 * request as a document, the step machine (which status a step may start from) and the owner's mails.
 */
import { AppError, type TLanguage, type TProductionDoc, type TProductionStatus } from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { TAuditService } from "../../platform/audit";
import type { TDrizzle, TMailer, TRateLimiter } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TContentService } from "../content/service";
import { toDoc } from "./docs";
import { formatPrice, productionMail, type TMailStep } from "./mails";
import {
  eventsOf,
  moveRequest,
  requestById,
  type TEventAuthor,
  type TRequestFields,
  type TRequestRow,
} from "./queries";

/** What the service needs. */
export interface TProductionDeps {
  db: TDrizzle;
  mail: TMailer;
  logger: FastifyBaseLogger;
  rateLimits: TRateLimiter;
  publicUrl: string;
  accounts: Pick<TAccountsService, "userInfo" | "operators">;
  content: Pick<TContentService, "ownedUploadUrls" | "createProduced">;
  audit: TAuditService;
  now: () => Date;
}

/** Statuses a step may start from. */
export const FROM: Record<
  "quote" | "respond" | "in_production" | "deliver" | "closed",
  readonly TProductionStatus[]
> = {
  quote: ["received", "quoted", "declined"],
  respond: ["quoted"],
  in_production: ["received", "quoted"],
  deliver: ["in_production", "delivered"],
  closed: ["received", "quoted", "in_production", "delivered", "declined"],
};

/** What both sides of the requests use. */
export interface TRequests {
  /** Requests as documents; `forConsole` adds each owner's e-mail ID. */
  docsOf(rows: TRequestRow[], forConsole: boolean): Promise<TProductionDoc[]>;
  docOf(row: TRequestRow, forConsole: boolean): Promise<TProductionDoc>;
  /** The request; `notFound` when there is none. */
  find(id: string): Promise<TRequestRow>;
  /** Moves the request from one of `from` to `to`; `productionWrongStatus` when it was elsewhere. */
  step(
    row: TRequestRow,
    from: readonly TProductionStatus[],
    to: TProductionStatus,
    author: TEventAuthor,
    set?: Partial<TRequestFields>,
    text?: string,
  ): Promise<TRequestRow>;
  /** Mails the owner; a failure is logged, never the caller's (the step is already stored). */
  mailOwner(row: TRequestRow, step: TMailStep, extra?: { text?: string }): Promise<void>;
}

/** Creates what both sides of the requests use. */
export function createRequests(
  deps: Pick<TProductionDeps, "db" | "mail" | "logger" | "publicUrl" | "accounts" | "now">,
): TRequests {
  const { db, now } = deps;

  async function docsOf(rows: TRequestRow[], forConsole: boolean): Promise<TProductionDoc[]> {
    const events = await eventsOf(
      db,
      rows.map((r) => r.id),
    );
    const emails = forConsole
      ? await deps.accounts.operators.emailIds(rows.map((r) => r.ownerId))
      : new Map<string, string>();
    return rows.map((row) =>
      toDoc(row, events.get(row.id) ?? [], forConsole ? (emails.get(row.ownerId) ?? "") : null),
    );
  }

  return {
    docsOf,

    async docOf(row, forConsole) {
      const [doc] = await docsOf([row], forConsole);
      if (!doc) throw new Error("request doc missing");
      return doc;
    },

    async find(id) {
      const row = await requestById(db, id);
      if (!row) throw new AppError("notFound");
      return row;
    },

    async step(row, from, to, author, set = {}, text = "") {
      const updated = await moveRequest(db, row.id, { from, to, author, set, text, at: now() });
      if (!updated) throw new AppError("productionWrongStatus");
      return updated;
    },

    async mailOwner(row, step, extra = {}) {
      try {
        const owner = await deps.accounts.userInfo(row.ownerId);
        const lang: TLanguage = owner.language;
        await deps.mail.send(
          productionMail({
            to: owner.email,
            lang,
            step,
            productName: row.productName,
            quote:
              step === "quoted" && row.quotePrice !== null && row.quoteCurrency && row.quoteDate
                ? {
                    price: formatPrice(row.quotePrice, row.quoteCurrency, lang),
                    date: row.quoteDate,
                    note: row.quoteNote ?? "",
                  }
                : undefined,
            text: extra.text,
            link: `${deps.publicUrl}/Studio/user/production`,
          }),
        );
      } catch (error) {
        deps.logger.error(
          { err: error instanceof Error ? error.message : String(error), request: row.id },
          "production mail failed",
        );
      }
    },
  };
}
