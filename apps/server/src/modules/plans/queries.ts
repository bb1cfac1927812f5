/** Queries of the plans table (`plan_prices`). Only modules/plans calls them. */
import type { TCatalogueLine, TCurrency, TPlanPeriod, TSoldPlan } from "@vitrine/contract";
import { and, eq } from "drizzle-orm";
import { planPrices } from "../../db/schema/plans";
import type { TDrizzle } from "../../platform/types";

/** A stored price line. */
export type TPriceRow = typeof planPrices.$inferSelect;

/** Stores the lines that are missing; lines already stored (operators' prices) are kept. */
export async function insertMissingPrices(
  db: TDrizzle,
  lines: readonly TCatalogueLine[],
  at: () => Date,
): Promise<void> {
  await db
    .insert(planPrices)
    .values(lines.map((line) => ({ ...line, updatedAt: at() })))
    .onConflictDoNothing();
}

/** Every stored price line, in no particular order. */
export function priceRows(handle: TDrizzle): Promise<TPriceRow[]> {
  return handle.select().from(planPrices);
}

/** One price (minor units), or null when none is stored. */
export async function priceOf(
  db: TDrizzle,
  plan: TSoldPlan,
  period: TPlanPeriod,
  currency: TCurrency,
): Promise<number | null> {
  const [row] = await db
    .select({ amount: planPrices.amount })
    .from(planPrices)
    .where(and(eq(planPrices.plan, plan), eq(planPrices.period, period), eq(planPrices.currency, currency)));
  return row?.amount ?? null;
}

/** Sets one line's price, inserting it when missing. */
export async function upsertPrice(tx: TDrizzle, line: TCatalogueLine, at: () => Date): Promise<void> {
  await tx
    .insert(planPrices)
    .values({ ...line, updatedAt: at() })
    .onConflictDoUpdate({
      target: [planPrices.plan, planPrices.period, planPrices.currency],
      set: { amount: line.amount, updatedAt: at() },
    });
}
