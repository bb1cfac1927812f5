/** Maps production rows to the contract's documents (explicit, field by field). */
import {
  PRODUCTION_COMPLEXITIES,
  PRODUCTION_KINDS,
  type TProductionDoc,
  type TProductionPrice,
  type TProductionStatus,
} from "@vitrine/contract";
import type { TEventRow, TPriceRow, TRequestRow } from "./queries";

function toEvent(row: TEventRow): TProductionDoc["events"][number] {
  return {
    kind: row.kind as "status" | "message",
    status: (row.status as TProductionStatus | null) ?? null,
    author: row.author as "owner" | "operator",
    text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}

/** A request with its history; `ownerEmailId` only for the console (null for the owner). */
export function toDoc(row: TRequestRow, events: TEventRow[], ownerEmailId: string | null): TProductionDoc {
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

/** One line of the price table. */
export function toPrice(row: TPriceRow): TProductionPrice {
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

/** The price table's order: by kind, then complexity. */
export const priceOrder = (p: TProductionPrice) =>
  PRODUCTION_KINDS.indexOf(p.kind) * 10 + PRODUCTION_COMPLEXITIES.indexOf(p.complexity);
