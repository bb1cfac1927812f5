/**
 * Payments tables (issue 12; DESIGN "The business half", billing): subscriptions, payments and
 * the provider webhook inbox. Only modules/payments reads or writes them; a user's plan itself
 * lives on `users` and changes only through the accounts service.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** An owner's subscription (one per owner), mirroring the provider. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    plan: text("plan").notNull(),
    period: text("period").notNull(),
    currency: text("currency").notNull(),
    provider: text("provider").notNull(),
    /** `pending` (first payment awaited), `active`, `cancelled` (runs to its end), `past_due`, `expired`. */
    status: text("status").notNull(),
    autoRenew: boolean("auto_renew").notNull().default(false),
    currentPeriodStart: at("current_period_start"),
    currentPeriodEnd: at("current_period_end"),
    /** A downgrade that applies at the next renewal. */
    nextPlan: text("next_plan"),
    /** The period end the reminder e-mail was sent for. */
    remindedFor: at("reminded_for"),
    /** Failed renewal attempts of the current period end. */
    renewalAttempts: integer("renewal_attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at"),
    /** The provider's reusable reference (Toss billing key, Stripe customer). */
    providerRef: text("provider_ref"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_user_idx").on(t.userId),
    index("subscriptions_period_end_idx").on(t.currentPeriodEnd),
  ],
);

/** A payment (`payment_…`): one checkout, renewal or upgrade. */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(),
    plan: text("plan").notNull(),
    period: text("period").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    provider: text("provider").notNull(),
    status: text("status").notNull(),
    autoRenew: boolean("auto_renew").notNull().default(false),
    /** The memo a bank transfer carries. */
    reference: text("reference").notNull(),
    /** The provider's id of the charge or session. */
    providerRef: text("provider_ref"),
    periodStart: at("period_start"),
    periodEnd: at("period_end"),
    note: text("note"),
    /**
     * A charge of this payment is out at its provider since then (reserved before the call,
     * cleared when its answer is settled): while it is set, nobody else charges the payment, and
     * a reservation older than the lease (a crash between the call and its settling) is taken
     * over with the same idempotency key (issue 31.5).
     */
    chargingSince: at("charging_since"),
    createdAt: at("created_at").notNull().defaultNow(),
    paidAt: at("paid_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId, t.createdAt),
    index("payments_status_idx").on(t.status, t.createdAt),
    uniqueIndex("payments_reference_idx").on(t.reference),
    check("payments_amount_check", sql`${t.amount} >= 0`),
  ],
);

/** Provider webhooks, stored once per provider event and applied in the same transaction. */
export const paymentWebhookInbox = pgTable(
  "payment_webhook_inbox",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: at("received_at").notNull().defaultNow(),
    appliedAt: at("applied_at"),
  },
  (t) => [uniqueIndex("payment_webhook_inbox_event_idx").on(t.provider, t.eventId)],
);
