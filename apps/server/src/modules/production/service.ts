/**
 * The production service (issue 15): the model price table, owners' requests and their life
 * cycle (received → quoted → in production | declined → delivered → closed), each step written to
 * the request's history and mailed to the owner in their language. Delivery creates the content
 * in the owner's studio through the content service, marked produced.
 */
import { randomUUID } from "node:crypto";
import {
  AppError,
  newId,
  PRODUCTION_COMPLEXITIES,
  PRODUCTION_KINDS,
  type TLanguage,
  type TProductionDoc,
  type TProductionPrice,
  type TProductionStatus,
  type TUploadedFile,
} from "@vitrine/contract";
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { users } from "../../db/schema/accounts";
import { productionEvents, productionPrices, productionRequests } from "../../db/schema/production";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TDrizzle, TMailer } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TContentService } from "../content/service";
import { formatPrice, productionMail, type TMailStep } from "./mails";

type TRequestRow = typeof productionRequests.$inferSelect;
type TEventRow = typeof productionEvents.$inferSelect;

/** Requests per console page. */
export const ADMIN_PAGE_SIZE = 20;

/** What the service needs. */
export interface TProductionDeps {
  db: TDrizzle;
  mail: TMailer;
  logger: FastifyBaseLogger;
  publicUrl: string;
  accounts: Pick<TAccountsService, "userInfo">;
  content: Pick<TContentService, "ownedUploadUrls" | "createProduced">;
  audit: TAuditService;
  now: () => Date;
}

/** The request form, validated by the contract. */
export interface TNewRequest {
  product_name: string;
  description: string;
  purpose: TProductionDoc["purpose"];
  kind: TProductionDoc["kind"];
  options: { motion: boolean; ar_ready: boolean };
  quantity: number;
  wished_date: string | null;
  files: TUploadedFile[];
}

/** An operator's quote. */
export interface TQuoteInput {
  request_id: string;
  price: number;
  currency: "KRW" | "USD";
  delivery_date: string;
  note: string;
}

function toEvent(row: TEventRow): TProductionDoc["events"][number] {
  return {
    kind: row.kind as "status" | "message",
    status: (row.status as TProductionStatus | null) ?? null,
    author: row.author as "owner" | "operator",
    text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}

function toDoc(row: TRequestRow, events: TEventRow[], ownerEmailId: string | null): TProductionDoc {
  return {
    id: row.id,
    owner_id: row.ownerId,
    owner_email_id: ownerEmailId,
    product_name: row.productName,
    description: row.description,
    purpose: row.purpose as TProductionDoc["purpose"],
    kind: (row.kind as TProductionDoc["kind"]) ?? null,
    options: { motion: row.wantsMotion, ar_ready: row.wantsAr },
    quantity: row.quantity,
    wished_date: row.wishedDate,
    files: row.files,
    status: row.status as TProductionStatus,
    quote:
      row.quotePrice !== null && row.quoteCurrency && row.quoteDate
        ? {
            price: row.quotePrice,
            currency: row.quoteCurrency as "KRW" | "USD",
            delivery_date: row.quoteDate,
            note: row.quoteNote ?? "",
          }
        : null,
    content_id: row.contentId,
    events: events.map(toEvent),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toPrice(row: typeof productionPrices.$inferSelect): TProductionPrice {
  return {
    kind: row.kind as TProductionPrice["kind"],
    complexity: row.complexity as TProductionPrice["complexity"],
    price_krw: row.priceKrw,
    price_usd: row.priceUsd,
    annotations: row.annotations,
    motion_steps: row.motionSteps,
    turnaround_days: row.turnaroundDays,
  };
}

const priceOrder = (p: TProductionPrice) =>
  PRODUCTION_KINDS.indexOf(p.kind) * 10 + PRODUCTION_COMPLEXITIES.indexOf(p.complexity);

/** Statuses a step may start from. */
const FROM: Record<
  "quote" | "respond" | "in_production" | "deliver" | "closed",
  readonly TProductionStatus[]
> = {
  quote: ["received", "quoted", "declined"],
  respond: ["quoted"],
  in_production: ["received", "quoted"],
  deliver: ["in_production", "delivered"],
  closed: ["received", "quoted", "in_production", "delivered", "declined"],
};

/** The production service. */
export type TProductionService = ReturnType<typeof createProductionService>;

/** Creates the production service. */
export function createProductionService(deps: TProductionDeps) {
  const { db, now } = deps;

  async function eventsOf(requestIds: readonly string[]): Promise<Map<string, TEventRow[]>> {
    const map = new Map<string, TEventRow[]>();
    if (requestIds.length === 0) return map;
    const rows = await db
      .select()
      .from(productionEvents)
      .where(inArray(productionEvents.requestId, [...requestIds]))
      .orderBy(productionEvents.createdAt, productionEvents.id);
    for (const row of rows) {
      const list = map.get(row.requestId) ?? [];
      list.push(row);
      map.set(row.requestId, list);
    }
    return map;
  }

  async function emailIdsOf(ownerIds: readonly string[]): Promise<Map<string, string>> {
    if (ownerIds.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, emailId: users.emailId })
      .from(users)
      .where(inArray(users.id, [...new Set(ownerIds)]));
    return new Map(rows.map((r) => [r.id, r.emailId]));
  }

  async function docsOf(rows: TRequestRow[], forConsole: boolean): Promise<TProductionDoc[]> {
    const events = await eventsOf(rows.map((r) => r.id));
    const emails = forConsole ? await emailIdsOf(rows.map((r) => r.ownerId)) : new Map<string, string>();
    return rows.map((row) =>
      toDoc(row, events.get(row.id) ?? [], forConsole ? (emails.get(row.ownerId) ?? "") : null),
    );
  }

  async function docOf(row: TRequestRow, forConsole: boolean): Promise<TProductionDoc> {
    const [doc] = await docsOf([row], forConsole);
    if (!doc) throw new Error("request doc missing");
    return doc;
  }

  async function findRequest(id: string): Promise<TRequestRow> {
    const [row] = await db.select().from(productionRequests).where(eq(productionRequests.id, id));
    if (!row) throw new AppError("notFound");
    return row;
  }

  /** The caller's request; another owner's answers `notFound`. */
  async function ownRequest(auth: TAuth, id: string): Promise<TRequestRow> {
    const row = await findRequest(id);
    if (row.ownerId !== auth.userId) throw new AppError("notFound");
    return row;
  }

  /** Mails the owner; a failure is logged, never the caller's (the step is already stored). */
  async function mailOwner(row: TRequestRow, step: TMailStep, extra: { text?: string } = {}): Promise<void> {
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
  }

  /**
   * Moves a request from one of `from` to `to` in one statement (so two operators, or an
   * operator and the owner, cannot both move it), with its history row.
   */
  async function step(
    row: TRequestRow,
    from: readonly TProductionStatus[],
    to: TProductionStatus,
    author: { kind: "owner" | "operator"; id: string },
    set: Partial<typeof productionRequests.$inferInsert> = {},
    text = "",
  ): Promise<TRequestRow> {
    const at = now();
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(productionRequests)
        .set({ ...set, status: to, updatedAt: at })
        .where(and(eq(productionRequests.id, row.id), inArray(productionRequests.status, [...from])))
        .returning();
      if (!updated) throw new AppError("productionWrongStatus");
      await tx.insert(productionEvents).values({
        id: randomUUID(),
        requestId: row.id,
        kind: "status",
        status: to,
        author: author.kind,
        authorId: author.id,
        text,
        createdAt: at,
      });
      return updated;
    });
  }

  async function addMessage(row: TRequestRow, author: "owner" | "operator", authorId: string, text: string) {
    const at = now();
    await db.transaction(async (tx) => {
      await tx.insert(productionEvents).values({
        id: randomUUID(),
        requestId: row.id,
        kind: "message",
        status: null,
        author,
        authorId,
        text,
        createdAt: at,
      });
      await tx.update(productionRequests).set({ updatedAt: at }).where(eq(productionRequests.id, row.id));
    });
  }

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
    async prices(): Promise<TProductionPrice[]> {
      const rows = await db.select().from(productionPrices);
      return rows.map(toPrice).sort((a, b) => priceOrder(a) - priceOrder(b));
    },

    async updatePrices(actorId: string, prices: TProductionPrice[]): Promise<TProductionPrice[]> {
      const at = now();
      await db.transaction(async (tx) => {
        for (const p of prices) {
          const values = {
            priceKrw: p.price_krw,
            priceUsd: p.price_usd,
            annotations: p.annotations,
            motionSteps: p.motion_steps,
            turnaroundDays: p.turnaround_days,
            updatedAt: at,
          };
          await tx
            .insert(productionPrices)
            .values({ kind: p.kind, complexity: p.complexity, ...values })
            .onConflictDoUpdate({
              target: [productionPrices.kind, productionPrices.complexity],
              set: values,
            });
        }
        await deps.audit.audit(
          {
            actorId,
            action: "production.prices",
            targetType: "production_prices",
            targetId: "table",
            before: null,
            after: { prices },
          },
          tx,
        );
      });
      return this.prices();
    },

    async create(auth: TAuth, input: TNewRequest): Promise<TProductionDoc> {
      const urls = input.files.map((f) => f.url);
      const owned = await deps.content.ownedUploadUrls(auth.userId, urls, "file");
      if (urls.some((url) => !owned.has(url))) throw new AppError("uploadNotYours");
      const at = now();
      const id = newId("production");
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(productionRequests)
          .values({
            id,
            ownerId: auth.userId,
            productName: input.product_name,
            description: input.description,
            purpose: input.purpose,
            kind: input.kind,
            wantsMotion: input.options.motion,
            wantsAr: input.options.ar_ready,
            quantity: input.quantity,
            wishedDate: input.wished_date,
            files: input.files,
            status: "received",
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await tx.insert(productionEvents).values({
          id: randomUUID(),
          requestId: id,
          kind: "status",
          status: "received",
          author: "owner",
          authorId: auth.userId,
          text: "",
          createdAt: at,
        });
        return created;
      });
      if (!row) throw new Error("request insert returned no row");
      await mailOwner(row, "received");
      return docOf(row, false);
    },

    async list(auth: TAuth): Promise<TProductionDoc[]> {
      const rows = await db
        .select()
        .from(productionRequests)
        .where(eq(productionRequests.ownerId, auth.userId))
        .orderBy(desc(productionRequests.createdAt))
        .limit(200);
      return docsOf(rows, false);
    },

    async detail(auth: TAuth, id: string): Promise<TProductionDoc> {
      return docOf(await ownRequest(auth, id), false);
    },

    async respond(auth: TAuth, id: string, accept: boolean): Promise<TProductionDoc> {
      const row = await ownRequest(auth, id);
      const to = accept ? "in_production" : "declined";
      const updated = await step(row, FROM.respond, to, { kind: "owner", id: auth.userId });
      await mailOwner(updated, to);
      return docOf(updated, false);
    },

    async message(auth: TAuth, id: string, text: string): Promise<TProductionDoc> {
      const row = await ownRequest(auth, id);
      await addMessage(row, "owner", auth.userId, text);
      return docOf(await findRequest(id), false);
    },

    async adminList(filter: { status: TProductionStatus | null; q: string; page: number }) {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(productionRequests.status, filter.status));
      const q = filter.q.trim();
      if (q !== "") {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const match = or(
          ilike(productionRequests.productName, like),
          sql`${productionRequests.ownerId} in (select ${users.id} from ${users} where ${users.emailId} ilike ${like})`,
        );
        if (match) conditions.push(match);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const rows = await db
        .select()
        .from(productionRequests)
        .where(where)
        .orderBy(desc(productionRequests.createdAt), desc(productionRequests.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset((filter.page - 1) * ADMIN_PAGE_SIZE);
      const [total] = await db.select({ n: count() }).from(productionRequests).where(where);
      return { docs: await docsOf(rows, true), total: total?.n ?? 0, page_size: ADMIN_PAGE_SIZE };
    },

    async quote(actorId: string, input: TQuoteInput): Promise<TProductionDoc> {
      const row = await findRequest(input.request_id);
      const updated = await step(
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
      await mailOwner(updated, "quoted");
      return docOf(updated, true);
    },

    async setStatus(actorId: string, id: string, to: "in_production" | "closed"): Promise<TProductionDoc> {
      const row = await findRequest(id);
      const updated = await step(row, FROM[to], to, { kind: "operator", id: actorId });
      await audit(actorId, "status", row, { status: to });
      await mailOwner(updated, to);
      return docOf(updated, true);
    },

    async deliver(actorId: string, id: string, model: TUploadedFile, title: string): Promise<TProductionDoc> {
      const row = await findRequest(id);
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
      const updated = await step(
        row,
        FROM.deliver,
        "delivered",
        { kind: "operator", id: actorId },
        {
          contentId: content.id,
        },
      );
      await audit(actorId, "deliver", row, { status: "delivered", content_id: content.id });
      await mailOwner(updated, "delivered");
      return docOf(updated, true);
    },

    async adminMessage(actorId: string, id: string, text: string): Promise<TProductionDoc> {
      const row = await findRequest(id);
      await addMessage(row, "operator", actorId, text);
      await audit(actorId, "message", row, { message: text.slice(0, 200) });
      await mailOwner(row, "message", { text });
      return docOf(await findRequest(id), true);
    },

    /** Removes an owner's requests and their history (account deletion). */
    async removeOwnerData(ownerId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const ids = (
          await tx
            .select({ id: productionRequests.id })
            .from(productionRequests)
            .where(eq(productionRequests.ownerId, ownerId))
        ).map((r) => r.id);
        if (ids.length > 0) await tx.delete(productionEvents).where(inArray(productionEvents.requestId, ids));
        await tx.delete(productionRequests).where(eq(productionRequests.ownerId, ownerId));
      });
    },
  };
}
