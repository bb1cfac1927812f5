/**
 * Plans tables (issue 12; DESIGN "The business half", billing): the catalogue of prices
 * operators edit. Only modules/plans reads or writes it.
 */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One price: a plan for a period in a currency, in minor units (won, cents). */
export const planPrices = pgTable(
  "plan_prices",
  {
    plan: text("plan").notNull(),
    period: text("period").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.plan, t.period, t.currency] }),
    check("plan_prices_amount_check", sql`${t.amount} > 0`),
  ],
);
