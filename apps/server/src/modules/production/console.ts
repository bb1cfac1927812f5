/**
 * The operators' side of production: the request list (by status, searched by product name or
 * owner e-mail ID), the quote, status changes, the delivery (the model becomes a content in the
 * owner's studio, through the content service) and messages. Each action writes an audit row.
 */
import { AppError, type TProductionDoc, type TProductionStatus, type TUploadedFile } from "@vitrine/contract";
import type { TProductionDeps, TRequests } from "./deps";
import { FROM } from "./deps";
import { insertMessage, requestOwnerIds, requestPage, type TRequestRow } from "./queries";

/** Requests per console page. */
export const ADMIN_PAGE_SIZE = 20;

/** An operator's quote. */
export interface TQuoteInput {
  request_id: string;
  price: number;
  currency: "KRW" | "USD";
  delivery_date: string;
  note: string;
}

/** The console's verbs. */
export interface TProductionConsole {
  adminList(filter: {
    status: TProductionStatus | null;
    q: string;
    page: number;
  }): Promise<{ docs: TProductionDoc[]; total: number; page_size: number }>;
  quote(actorId: string, input: TQuoteInput): Promise<TProductionDoc>;
  setStatus(actorId: string, id: string, to: "in_production" | "closed"): Promise<TProductionDoc>;
  deliver(actorId: string, id: string, model: TUploadedFile, title: string): Promise<TProductionDoc>;
  adminMessage(actorId: string, id: string, text: string): Promise<TProductionDoc>;
}

/** Creates the console's verbs. */
export function createProductionConsole(
  deps: Pick<TProductionDeps, "db" | "accounts" | "content" | "audit" | "now">,
  requests: TRequests,
): TProductionConsole {
  const { db, now } = deps;

  const audit = (actorId: string, action: string, row: TRequestRow, after: Record<string, unknown>) =>
    deps.audit.audit({
      actorId,
      action: `production.${action}`,
      targetType: "production_request",
      targetId: row.id,
      before: { status: row.status },
      after,
    });

  return {
    async adminList(filter) {
      const q = filter.q.trim();
      const like = q === "" ? null : `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // The owners' e-mail IDs are the accounts module's: it says which requesters match.
      const ownerIds =
        q === "" ? [] : await deps.accounts.operators.withEmailIdLike(await requestOwnerIds(db), q);
      const { rows, total } = await requestPage(
        db,
        { status: filter.status, like, ownerIds },
        (filter.page - 1) * ADMIN_PAGE_SIZE,
        ADMIN_PAGE_SIZE,
      );
      return { docs: await requests.docsOf(rows, true), total, page_size: ADMIN_PAGE_SIZE };
    },

    async quote(actorId, input) {
      const row = await requests.find(input.request_id);
      const updated = await requests.step(
        row,
        FROM.quote,
        "quoted",
        { kind: "operator", id: actorId },
        {
          quotePrice: input.price,
          quoteCurrency: input.currency,
          quoteDate: input.delivery_date,
          quoteNote: input.note,
        },
        input.note,
      );
      await audit(actorId, "quote", row, {
        status: "quoted",
        price: input.price,
        currency: input.currency,
        delivery_date: input.delivery_date,
      });
      await requests.mailOwner(updated, "quoted");
      return requests.docOf(updated, true);
    },

    async setStatus(actorId, id, to) {
      const row = await requests.find(id);
      const updated = await requests.step(row, FROM[to], to, { kind: "operator", id: actorId });
      await audit(actorId, "status", row, { status: to });
      await requests.mailOwner(updated, to);
      return requests.docOf(updated, true);
    },

    async deliver(actorId, id, model, title) {
      const row = await requests.find(id);
      if (!FROM.deliver.includes(row.status as TProductionStatus))
        throw new AppError("productionWrongStatus");
      // The model must be this operator's own upload (purpose production_model).
      const owned = await deps.content.ownedUploadUrls(actorId, [model.url], "file");
      if (!owned.has(model.url)) throw new AppError("uploadNotYours");
      const key = model.url.replace(/^\/blobs\//, "");
      const content = await deps.content.createProduced({
        ownerId: row.ownerId,
        title: title || row.productName,
        modelKey: key,
      });
      const updated = await requests.step(
        row,
        FROM.deliver,
        "delivered",
        { kind: "operator", id: actorId },
        { contentId: content.id },
      );
      await audit(actorId, "deliver", row, { status: "delivered", content_id: content.id });
      await requests.mailOwner(updated, "delivered");
      return requests.docOf(updated, true);
    },

    async adminMessage(actorId, id, text) {
      const row = await requests.find(id);
      await insertMessage(db, row.id, { kind: "operator", id: actorId }, text, now());
      await audit(actorId, "message", row, { message: text.slice(0, 200) });
      await requests.mailOwner(row, "message", { text });
      return requests.docOf(await requests.find(id), true);
    },
  };
}
