/**
 * The plans service (issue 12): the catalogue of prices operators edit. The default ships with
 * the contract (`DEFAULT_CATALOGUE`) and is stored the first time the catalogue is read.
 */
import {
  CURRENCIES,
  DEFAULT_CATALOGUE,
  PLAN_PERIODS,
  SOLD_PLANS,
  type TCatalogueLine,
  type TCurrency,
  type TPlanPeriod,
  type TSoldPlan,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TDrizzle } from "../../platform/types";
import { insertMissingPrices, priceOf, priceRows, type TPriceRow, upsertPrice } from "./queries";

/** What the plans service needs. */
export interface TPlansDeps {
  db: TDrizzle;
  audit: TAuditService;
  now: () => Date;
}

/** The catalogue's verbs. */
export interface TPlansService {
  /** Every line, in plan, period, currency order. */
  catalogue(): Promise<TCatalogueLine[]>;
  /** One price (minor units), or null when the catalogue has none. */
  price(plan: TSoldPlan, period: TPlanPeriod, currency: TCurrency): Promise<number | null>;
  /** Console: sets the given lines in one transaction with one audit row. */
  update(actor: TAuth, lines: TCatalogueLine[], reason: string): Promise<TCatalogueLine[]>;
}

const order = (line: TCatalogueLine) =>
  SOLD_PLANS.indexOf(line.plan) * 100 +
  PLAN_PERIODS.indexOf(line.period) * 10 +
  CURRENCIES.indexOf(line.currency);

function lineOf(row: TPriceRow): TCatalogueLine | null {
  const plan = SOLD_PLANS.find((p) => p === row.plan);
  const period = PLAN_PERIODS.find((p) => p === row.period);
  const currency = CURRENCIES.find((c) => c === row.currency);
  if (!plan || !period || !currency) return null;
  return { plan, period, currency, amount: row.amount };
}

const keyOf = (line: Pick<TCatalogueLine, "plan" | "period" | "currency">) =>
  `${line.plan}/${line.period}/${line.currency}`;

/** Creates the plans service. */
export function createPlansService(deps: TPlansDeps): TPlansService {
  const { db, audit, now } = deps;
  let isSeeded = false;

  async function seed(): Promise<void> {
    if (isSeeded) return;
    // Missing lines get their default; lines operators set are never overwritten.
    await insertMissingPrices(db, DEFAULT_CATALOGUE, now);
    isSeeded = true;
  }

  async function catalogue(handle: TDrizzle = db): Promise<TCatalogueLine[]> {
    await seed();
    const rows = await priceRows(handle);
    return rows
      .map(lineOf)
      .filter((line): line is TCatalogueLine => line !== null)
      .sort((a, b) => order(a) - order(b));
  }

  return {
    catalogue: () => catalogue(),

    async price(plan, period, currency) {
      await seed();
      return priceOf(db, plan, period, currency);
    },

    async update(actor, lines, reason) {
      await seed();
      return db.transaction(async (tx) => {
        const before = new Map((await catalogue(tx)).map((line) => [keyOf(line), line.amount]));
        for (const line of lines) await upsertPrice(tx, line, now);
        await audit.audit(
          {
            actorId: actor.userId,
            action: "catalogue.update",
            targetType: "catalogue",
            targetId: "plans",
            before: Object.fromEntries(lines.map((line) => [keyOf(line), before.get(keyOf(line)) ?? null])),
            after: Object.fromEntries(lines.map((line) => [keyOf(line), line.amount])),
            reason,
          },
          tx,
        );
        return catalogue(tx);
      });
    },
  };
}
