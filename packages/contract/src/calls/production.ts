/**
 * Model production (issue 15; SPEC §1 requests for 3D model production, §2 `/price` model
 * prices). An owner asks Vitrine to produce a 3D model; operators quote, produce and deliver it
 * into the owner's studio as a content marked produced. Status: received → quoted (the owner
 * accepts or declines) → in production → delivered → closed; each step is mailed to the owner.
 */
import { z } from "zod";
import { defineCall, ZEmpty } from "../call";
import { ZUploadedFile } from "./content-uploads";

/** Kinds of product the price table knows. */
export const PRODUCTION_KINDS = ["small_item", "consumer_product", "furniture", "machinery"] as const;
export type TProductionKind = (typeof PRODUCTION_KINDS)[number];
/** How demanding a model is. */
export const PRODUCTION_COMPLEXITIES = ["simple", "standard", "complex"] as const;
export type TProductionComplexity = (typeof PRODUCTION_COMPLEXITIES)[number];
/** What the model is for. */
export const PRODUCTION_PURPOSES = ["online_store", "exhibition", "catalogue", "manual", "other"] as const;
/** A request's steps; `declined` when the owner turned the quote down. */
export const PRODUCTION_STATUSES = [
  "received",
  "quoted",
  "in_production",
  "delivered",
  "closed",
  "declined",
] as const;
export type TProductionStatus = (typeof PRODUCTION_STATUSES)[number];
/** Currencies of prices and quotes. */
export const PRODUCTION_CURRENCIES = ["KRW", "USD"] as const;

/** Longest texts of a request. */
export const PRODUCTION_TEXT_MAX = {
  product_name: 100,
  description: 4000,
  message: 2000,
  note: 1000,
} as const;
/** Most reference files of one request. */
export const PRODUCTION_FILES_MAX = 10;

const ZRequestId = z.string().regex(/^production_[0-9a-f-]{36}$/, { message: "Invalid id." });
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Choose a date." });
const trimmed = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.trim());

/** One line of the model price table (operators edit them in the console). */
export const ZProductionPrice = z
  .object({
    kind: z.enum(PRODUCTION_KINDS),
    complexity: z.enum(PRODUCTION_COMPLEXITIES),
    price_krw: z.number().int().min(0).max(1_000_000_000),
    price_usd: z.number().int().min(0).max(10_000_000),
    annotations: z.number().int().min(0).max(100),
    motion_steps: z.number().int().min(0).max(100),
    turnaround_days: z.number().int().min(1).max(365),
  })
  .strict();
export type TProductionPrice = z.infer<typeof ZProductionPrice>;

/** An operator's quote. */
export const ZProductionQuote = z.object({
  price: z.number().int().min(0),
  currency: z.enum(PRODUCTION_CURRENCIES),
  delivery_date: ZDay,
  note: z.string(),
});

/** One step of a request's history: a status change or a message. */
export const ZProductionEvent = z.object({
  kind: z.enum(["status", "message"]),
  status: z.enum(PRODUCTION_STATUSES).nullable(),
  author: z.enum(["owner", "operator"]),
  text: z.string(),
  created_at: z.string(),
});

/** A production request as its owner (and the console) sees it. */
export const ZProductionDoc = z.object({
  id: z.string(),
  owner_id: z.string(),
  /** The owner's e-mail ID; console answers only (null for the owner). */
  owner_email_id: z.string().nullable(),
  product_name: z.string(),
  description: z.string(),
  purpose: z.enum(PRODUCTION_PURPOSES),
  kind: z.enum(PRODUCTION_KINDS).nullable(),
  options: z.object({ motion: z.boolean(), ar_ready: z.boolean() }),
  quantity: z.number().int(),
  wished_date: z.string().nullable(),
  files: z.array(ZUploadedFile),
  status: z.enum(PRODUCTION_STATUSES),
  quote: ZProductionQuote.nullable(),
  /** The delivered model's content in the owner's studio. */
  content_id: z.string().nullable(),
  events: z.array(ZProductionEvent),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProductionDoc = z.infer<typeof ZProductionDoc>;

/** The model price table (public: `/price`). */
export const productionPricesCall = defineCall({
  path: "/api/production/request_production_prices",
  module: "production",
  input: ZEmpty,
  output: z.object({ prices: z.array(ZProductionPrice) }),
  auth: "none",
  summary:
    "The model production prices by product kind and complexity (KRW and USD), with what each includes.",
});

/** Asks for a model to be produced. */
export const productionCreateCall = defineCall({
  path: "/api/production/request_production_create",
  module: "production",
  input: z
    .object({
      product_name: trimmed(PRODUCTION_TEXT_MAX.product_name).refine((v) => v !== "", {
        message: "Enter the product name.",
      }),
      description: trimmed(PRODUCTION_TEXT_MAX.description).refine((v) => v !== "", {
        message: "Describe the product.",
      }),
      purpose: z.enum(PRODUCTION_PURPOSES),
      kind: z.enum(PRODUCTION_KINDS).nullable().default(null),
      options: z.object({ motion: z.boolean(), ar_ready: z.boolean() }).strict(),
      quantity: z.number().int().min(1).max(1000),
      wished_date: ZDay.nullable().default(null),
      files: z.array(ZUploadedFile).max(PRODUCTION_FILES_MAX).default([]),
    })
    .strict(),
  output: z.object({ doc: ZProductionDoc }),
  auth: "owner",
  summary:
    "Creates a production request (status `received`) from the form; files are the owner's `POST /api/upload/file` uploads (purpose `production`). Operators are told by mail.",
});

/** The caller's requests, newest first. */
export const productionListCall = defineCall({
  path: "/api/production/request_production_list",
  module: "production",
  input: ZEmpty,
  output: z.object({ docs: z.array(ZProductionDoc) }),
  auth: "owner",
  summary: "The caller's production requests, newest first.",
});

/** One of the caller's requests. */
export const productionDetailCall = defineCall({
  path: "/api/production/request_production_detail",
  module: "production",
  input: z.object({ request_id: ZRequestId }).strict(),
  output: z.object({ doc: ZProductionDoc }),
  auth: "owner",
  summary: "One of the caller's requests with its history; another owner's answers `notFound`.",
});

/** The owner accepts or declines the quote. */
export const productionRespondCall = defineCall({
  path: "/api/production/request_production_respond",
  module: "production",
  input: z.object({ request_id: ZRequestId, accept: z.boolean() }).strict(),
  output: z.object({ doc: ZProductionDoc }),
  auth: "owner",
  summary:
    "Accepts (→ `in_production`) or declines (→ `declined`) a `quoted` request; any other status answers `productionWrongStatus`.",
});

const ZMessageText = trimmed(PRODUCTION_TEXT_MAX.message).refine((v) => v !== "", {
  message: "Write a message.",
});

/** The owner writes to the operators about a request. */
export const productionMessageCall = defineCall({
  path: "/api/production/request_production_message",
  module: "production",
  input: z.object({ request_id: ZRequestId, text: ZMessageText }).strict(),
  output: z.object({ doc: ZProductionDoc }),
  auth: "owner",
  summary: "Adds the owner's message to a request's history (operators are told by mail).",
});

/** Console: requests, filtered. */
export const productionAdminListCall = defineCall({
  path: "/api/production/request_production_admin_list",
  module: "production",
  input: z
    .object({
      status: z.enum(PRODUCTION_STATUSES).nullable().default(null),
      q: z.string().max(100).default(""),
      page: z.number().int().min(1).max(10_000).default(1),
    })
    .strict(),
  output: z.object({ docs: z.array(ZProductionDoc), total: z.number().int(), page_size: z.number().int() }),
  auth: "super",
  summary:
    "Console: every production request, newest first, filtered by status and a search in names and e-mail IDs.",
});

/** Console: quotes a request. */
export const productionQuoteCall = defineCall({
  path: "/api/production/request_production_quote",
  module: "production",
  input: z
    .object({
      request_id: ZRequestId,
      price: z.number().int().min(0).max(1_000_000_000),
      currency: z.enum(PRODUCTION_CURRENCIES),
      delivery_date: ZDay,
      note: trimmed(PRODUCTION_TEXT_MAX.note).default(""),
    })
    .strict(),
  output: z.object({ doc: ZProductionDoc }),
  auth: "super",
  summary:
    "Console: quotes a `received`, `quoted` or `declined` request (→ `quoted`), mailed to the owner; audited.",
});

/** Console: moves a request on (in production, closed). */
export const productionSetStatusCall = defineCall({
  path: "/api/production/request_production_set_status",
  module: "production",
  input: z.object({ request_id: ZRequestId, status: z.enum(["in_production", "closed"]) }).strict(),
  output: z.object({ doc: ZProductionDoc }),
  auth: "super",
  summary: "Console: sets `in_production` or `closed`; mailed to the owner; audited.",
});

/** Console: delivers the produced model into the owner's studio. */
export const productionDeliverCall = defineCall({
  path: "/api/production/request_production_deliver",
  module: "production",
  input: z
    .object({
      request_id: ZRequestId,
      /** The operator's `POST /api/upload/file` upload (purpose `production_model`, a `.glb`). */
      model: ZUploadedFile,
      title: trimmed(PRODUCTION_TEXT_MAX.product_name).default(""),
    })
    .strict(),
  output: z.object({ doc: ZProductionDoc }),
  auth: "super",
  summary:
    "Console: creates a content for the owner from the uploaded `.glb`, marked produced (motion steps open), status `delivered`; mailed; audited.",
});

/** Console: writes to the owner. */
export const productionAdminMessageCall = defineCall({
  path: "/api/production/request_production_admin_message",
  module: "production",
  input: z.object({ request_id: ZRequestId, text: ZMessageText }).strict(),
  output: z.object({ doc: ZProductionDoc }),
  auth: "super",
  summary:
    "Console: adds an operator's message to the request, mailed to the owner in their language; audited.",
});

/** Console: edits the model price table. */
export const productionPricesUpdateCall = defineCall({
  path: "/api/production/request_production_prices_update",
  module: "production",
  input: z
    .object({
      prices: z
        .array(ZProductionPrice)
        .min(1)
        .max(PRODUCTION_KINDS.length * PRODUCTION_COMPLEXITIES.length),
    })
    .strict(),
  output: z.object({ prices: z.array(ZProductionPrice) }),
  auth: "super",
  summary: "Console: replaces the given lines of the model price table; audited.",
});
