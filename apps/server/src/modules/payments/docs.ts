/** Maps billing rows to the contract's documents (explicit, field by field). */
import {
  CURRENCIES,
  PAYMENT_KINDS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PLAN_PERIODS,
  SOLD_PLANS,
  SUBSCRIPTION_STATUSES,
  type TPaymentDoc,
  type TSubscriptionDoc,
} from "@vitrine/contract";
import type { TTransfer } from "./providers";
import type { TPaymentRow, TSubscriptionRow } from "./queries";

/** The value if it is one of `allowed`, else `fallback` (rows are written by this module only). */
export function oneOf<T extends string>(allowed: readonly T[], value: string, fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A payment as its owner reads it; `transfer` only for manual payments still waiting. */
export function toPaymentDoc(row: TPaymentRow, transfer: Omit<TTransfer, "reference"> | null): TPaymentDoc {
  const provider = oneOf(PAYMENT_PROVIDERS, row.provider, "manual");
  const status = oneOf(PAYMENT_STATUSES, row.status, "pending");
  return {
    payment_id: row.id,
    status,
    kind: oneOf(PAYMENT_KINDS, row.kind, "new"),
    plan: oneOf(SOLD_PLANS, row.plan, "standard"),
    period: oneOf(PLAN_PERIODS, row.period, "month"),
    currency: oneOf(CURRENCIES, row.currency, "KRW"),
    amount: row.amount,
    provider,
    auto_renew: row.autoRenew,
    transfer:
      provider === "manual" && transfer && status === "pending"
        ? { ...transfer, reference: row.reference }
        : null,
    period_start: iso(row.periodStart),
    period_end: iso(row.periodEnd),
    created_at: row.createdAt.toISOString(),
    paid_at: iso(row.paidAt),
    note: row.note,
  };
}

/** A subscription as its owner reads it. */
export function toSubscriptionDoc(row: TSubscriptionRow): TSubscriptionDoc {
  return {
    plan: oneOf(SOLD_PLANS, row.plan, "standard"),
    period: oneOf(PLAN_PERIODS, row.period, "month"),
    currency: oneOf(CURRENCIES, row.currency, "KRW"),
    status: oneOf(SUBSCRIPTION_STATUSES, row.status, "none"),
    provider: oneOf(PAYMENT_PROVIDERS, row.provider, "manual"),
    auto_renew: row.autoRenew,
    current_period_end: iso(row.currentPeriodEnd),
    next_plan: row.nextPlan === null ? null : oneOf(SOLD_PLANS, row.nextPlan, "standard"),
  };
}
