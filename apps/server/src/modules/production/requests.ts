/**
 * An owner's production requests: the request form (with files the owner uploaded), the list and
 * detail, the answer to a quote (accept: in production; decline) and messages to the operators.
 */
import { AppError, newId, type TProductionDoc, type TUploadedFile } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TProductionDeps, TRequests } from "./deps";
import { FROM } from "./deps";
import { insertMessage, insertRequest, requestsOfOwner, type TRequestRow } from "./queries";

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

/** The owner's verbs. */
export interface TOwnerRequests {
  /** Files from `ip`; a burst of requests (per account, per IP) answers `rateLimited`. */
  create(auth: TAuth, input: TNewRequest, ip: string): Promise<TProductionDoc>;
  list(auth: TAuth): Promise<TProductionDoc[]>;
  detail(auth: TAuth, id: string): Promise<TProductionDoc>;
  respond(auth: TAuth, id: string, accept: boolean): Promise<TProductionDoc>;
  message(auth: TAuth, id: string, text: string): Promise<TProductionDoc>;
}

/** Creates the owner's verbs. */
export function createOwnerRequests(
  deps: Pick<TProductionDeps, "db" | "content" | "rateLimits" | "now">,
  requests: TRequests,
): TOwnerRequests {
  const { db, now } = deps;

  /** The caller's request; another owner's answers `notFound`. */
  async function ownRequest(auth: TAuth, id: string): Promise<TRequestRow> {
    const row = await requests.find(id);
    if (row.ownerId !== auth.userId) throw new AppError("notFound");
    return row;
  }

  return {
    async create(auth, input, ip) {
      await deps.rateLimits.consume("production-request-user", auth.userId);
      await deps.rateLimits.consume("production-request-ip", ip);
      const urls = input.files.map((f) => f.url);
      const owned = await deps.content.ownedUploadUrls(auth.userId, urls, "file");
      if (urls.some((url) => !owned.has(url))) throw new AppError("uploadNotYours");
      const row = await insertRequest(
        db,
        {
          id: newId("production"),
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
        },
        now(),
      );
      if (!row) throw new Error("request insert returned no row");
      await requests.mailOwner(row, "received");
      return requests.docOf(row, false);
    },

    async list(auth) {
      return requests.docsOf(await requestsOfOwner(db, auth.userId, 200), false);
    },

    async detail(auth, id) {
      return requests.docOf(await ownRequest(auth, id), false);
    },

    async respond(auth, id, accept) {
      const row = await ownRequest(auth, id);
      const to = accept ? "in_production" : "declined";
      const updated = await requests.step(row, FROM.respond, to, { kind: "owner", id: auth.userId });
      await requests.mailOwner(updated, to);
      return requests.docOf(updated, false);
    },

    async message(auth, id, text) {
      const row = await ownRequest(auth, id);
      await insertMessage(db, row.id, { kind: "owner", id: auth.userId }, text, now());
      return requests.docOf(await requests.find(id), false);
    },
  };
}
