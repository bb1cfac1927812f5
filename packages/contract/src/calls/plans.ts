/**
 * The plan catalogue (issue 12; DESIGN "The business half", billing): the price of each plan sold
 * online, per period and currency. Operators edit it in the console; a default ships.
 */
import { z } from "zod";
import { defineCall } from "../call";
import { PLAN_PERIODS } from "../plans";
import { ZAdminReason } from "./admin";

/** Plans sold online (free and basic give Basic limits for nothing; contact-us is negotiated). */
export const SOLD_PLANS = ["standard", "advanced"] as const;
/** A plan sold online. */
export type TSoldPlan = (typeof SOLD_PLANS)[number];

/** Currencies of the catalogue. */
export const CURRENCIES = ["KRW", "USD"] as const;
/** A currency. */
export type TCurrency = (typeof CURRENCIES)[number];

/** Minor units per major unit: KRW has none, USD has cents. */
export const CURRENCY_MINOR: Readonly<Record<TCurrency, number>> = { KRW: 1, USD: 100 };

/** Highest price a catalogue line may hold (minor units). */
export const PRICE_MAX = 100_000_000;

/** One line of the catalogue: a plan's price for a period in a currency, in minor units (won, cents). */
export const ZCatalogueLine = z
  .object({
    plan: z.enum(SOLD_PLANS),
    period: z.enum(PLAN_PERIODS),
    currency: z.enum(CURRENCIES),
    amount: z.number().int().min(1).max(PRICE_MAX),
  })
  .strict();
/** A catalogue line. */
export type TCatalogueLine = z.infer<typeof ZCatalogueLine>;

/** The catalogue a new deployment starts with (a year costs ten months). */
export const DEFAULT_CATALOGUE: readonly TCatalogueLine[] = [
  { plan: "standard", period: "month", currency: "KRW", amount: 29_000 },
  { plan: "standard", period: "year", currency: "KRW", amount: 290_000 },
  { plan: "standard", period: "month", currency: "USD", amount: 2_900 },
  { plan: "standard", period: "year", currency: "USD", amount: 29_000 },
  { plan: "advanced", period: "month", currency: "KRW", amount: 99_000 },
  { plan: "advanced", period: "year", currency: "KRW", amount: 990_000 },
  { plan: "advanced", period: "month", currency: "USD", amount: 9_900 },
  { plan: "advanced", period: "year", currency: "USD", amount: 99_000 },
];

/** Payment providers (DESIGN: one interface). */
export const PAYMENT_PROVIDERS = ["manual", "toss", "stripe"] as const;
/** A payment provider. */
export type TPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** The currencies each provider takes (Toss: won only). */
export const PROVIDER_CURRENCIES: Readonly<Record<TPaymentProvider, readonly TCurrency[]>> = {
  manual: CURRENCIES,
  toss: ["KRW"],
  stripe: CURRENCIES,
};

/** The catalogue and the providers this deployment really offers (public: `/price`). */
export const planCatalogueCall = defineCall({
  path: "/api/plan/request_plan_catalogue",
  module: "plans",
  input: z.object({}).strict(),
  output: z.object({
    docs: z.array(ZCatalogueLine),
    /** Only providers that are configured; `manual` is always there. */
    providers: z.array(z.enum(PAYMENT_PROVIDERS)),
  }),
  auth: "none",
  summary: "The plan prices (per plan, period and currency, minor units) and the payment providers offered.",
});

/** Console: replaces catalogue lines; audited. */
export const adminCatalogueUpdateCall = defineCall({
  path: "/api/admin/request_admin_catalogue_update",
  module: "plans",
  input: z
    .object({
      lines: z
        .array(ZCatalogueLine)
        .min(1)
        .max(SOLD_PLANS.length * PLAN_PERIODS.length * CURRENCIES.length),
      reason: ZAdminReason,
    })
    .strict(),
  output: z.object({ docs: z.array(ZCatalogueLine) }),
  auth: "super",
  summary:
    "Console: sets the given catalogue lines (price per plan, period, currency), with a reason; audited.",
});

/** The amount as a person reads it (`₩29,000`, `$29.00`). */
export function formatPrice(amount: number, currency: TCurrency, locale = "en"): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: currency === "KRW" ? 0 : 2,
    maximumFractionDigits: currency === "KRW" ? 0 : 2,
  }).format(amount / CURRENCY_MINOR[currency]);
}
