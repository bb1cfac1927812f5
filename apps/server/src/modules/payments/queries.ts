/**
 * Queries of the payments tables (`subscriptions`, `payments`, `payment_webhook_inbox`). Only
 * modules/payments calls them; `handle` is the database or the caller's transaction.
 */
import { randomBytes } from "node:crypto";
import { newId } from "@vitrine/contract";
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, ne } from "drizzle-orm";
import { payments, paymentWebhookInbox, subscriptions } from "../../db/schema/payments";
import type { TDrizzle } from "../../platform/types";

/** A stored payment. */
export type TPaymentRow = typeof payments.$inferSelect;
/** A stored subscription. */
export type TSubscriptionRow = typeof subscriptions.$inferSelect;
/** The subscription fields a change writes. */
export type TSubscriptionFields = Partial<Omit<TSubscriptionRow, "id" | "userId" | "createdAt">>;
/** The fields of an owner's first subscription. */
export type TNewSubscription = Omit<typeof subscriptions.$inferInsert, "id" | "userId" | "createdAt">;

/** A payment just cancelled, and what its provider holds for it. */
export interface TCancelled {
  id: string;
  provider: string;
  providerRef: string | null;
}

// --- subscriptions ---

/** The owner's subscription; `forUpdate` locks its row until the transaction ends. */
export async function subscriptionOf(
  handle: TDrizzle,
  userId: string,
  forUpdate = false,
): Promise<TSubscriptionRow | undefined> {
  const query = handle.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

/** A subscription by its id, or null. */
export async function subscriptionById(handle: TDrizzle, id: string): Promise<TSubscriptionRow | null> {
  const [row] = await handle.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

/** Locks a subscription row; undefined when another worker holds it (`SKIP LOCKED`) or it is gone. */
export async function lockSubscriptionUnlessTaken(
  tx: TDrizzle,
  id: string,
): Promise<TSubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .for("update", { skipLocked: true });
  return row;
}

/** Ids of the subscriptions the renewal job looks at (running or overdue, with a period end). */
export async function renewableSubscriptionIds(db: TDrizzle): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ["active", "cancelled", "past_due"]),
        isNotNull(subscriptions.currentPeriodEnd),
      ),
    );
  return rows.map((row) => row.id);
}

/** Writes `fields` on a subscription; answers the row as it now is. */
export async function updateSubscription(
  handle: TDrizzle,
  id: string,
  fields: TSubscriptionFields,
): Promise<TSubscriptionRow | undefined> {
  const [row] = await handle.update(subscriptions).set(fields).where(eq(subscriptions.id, id)).returning();
  return row;
}

/** Stores an owner's first subscription. */
export async function insertSubscription(
  tx: TDrizzle,
  userId: string,
  fields: TNewSubscription,
  at: Date,
): Promise<void> {
  await tx.insert(subscriptions).values({ id: newId("subscription"), userId, createdAt: at, ...fields });
}

/** Deletes an owner's subscription (the account is deleted). */
export async function deleteSubscriptionOf(db: TDrizzle, userId: string): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
}

// --- payments ---

/** A payment by its id; `forUpdate` locks its row until the transaction ends. */
export async function paymentById(
  handle: TDrizzle,
  id: string,
  forUpdate = false,
): Promise<TPaymentRow | undefined> {
  const query = handle.select().from(payments).where(eq(payments.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

/** The owner's payment with this id, if it is theirs. */
export async function paymentOfOwner(
  db: TDrizzle,
  userId: string,
  id: string,
): Promise<TPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row;
}

/** The owner's latest payments, newest first. */
export function paymentsOfOwner(db: TDrizzle, userId: string, limit: number): Promise<TPaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** The owner's pending payment of this kind (a renewal waiting for its money), if any. */
export async function pendingPaymentOf(
  tx: TDrizzle,
  userId: string,
  kind: string,
): Promise<TPaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, kind), eq(payments.status, "pending")));
  return row;
}

/** One page of the console's payment list, newest first, and how many match. */
export async function paymentPage(
  db: TDrizzle,
  filter: { status?: string; userId?: string },
  offset: number,
  limit: number,
): Promise<{ rows: TPaymentRow[]; total: number }> {
  const where = and(
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.userId ? eq(payments.userId, filter.userId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(payments).where(where).orderBy(desc(payments.createdAt)).limit(limit).offset(offset),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The fields of a new payment that its verb chooses. */
export type TNewPayment = Pick<
  TPaymentRow,
  "kind" | "plan" | "period" | "currency" | "amount" | "provider" | "autoRenew"
> &
  Partial<Pick<TPaymentRow, "periodStart" | "periodEnd">>;

/** Stores a new pending payment with a fresh id and the reference a transfer's memo carries. */
export async function insertPendingPayment(
  handle: TDrizzle,
  userId: string,
  fields: TNewPayment,
  at: Date,
): Promise<TPaymentRow | undefined> {
  const [row] = await handle
    .insert(payments)
    .values({
      id: newId("payment"),
      userId,
      status: "pending",
      reference: `VT-${randomBytes(5).toString("hex").toUpperCase()}`,
      createdAt: at,
      updatedAt: at,
      ...fields,
    })
    .returning();
  return row;
}

/**
 * Cancels the owner's pending payments (of `kinds`, or every kind); answers what their
 * providers hold for them.
 */
export function cancelPendingPayments(
  handle: TDrizzle,
  userId: string,
  kinds: readonly string[] | null,
  at: Date,
): Promise<TCancelled[]> {
  const [only] = kinds ?? [];
  const kind =
    kinds === null
      ? undefined
      : kinds.length === 1 && only !== undefined
        ? eq(payments.kind, only)
        : inArray(payments.kind, [...kinds]);
  return handle
    .update(payments)
    .set({ status: "cancelled", updatedAt: at })
    .where(and(eq(payments.userId, userId), eq(payments.status, "pending"), kind))
    .returning({ id: payments.id, provider: payments.provider, providerRef: payments.providerRef });
}

/** Marks a payment paid for the period it bought. */
export async function markPaymentPaid(
  tx: TDrizzle,
  id: string,
  paid: { at: Date; periodStart: Date; periodEnd: Date; providerRef: string | null },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: "paid",
      paidAt: paid.at,
      periodStart: paid.periodStart,
      periodEnd: paid.periodEnd,
      providerRef: paid.providerRef,
      chargingSince: null,
      updatedAt: paid.at,
    })
    .where(eq(payments.id, id));
}

/** Marks a payment's charge out at its provider since `at` (the reservation), or clears it (null). */
export async function setPaymentCharging(tx: TDrizzle, id: string, at: Date | null): Promise<void> {
  await tx.update(payments).set({ chargingSince: at }).where(eq(payments.id, id));
}

/**
 * Card checkouts and upgrades (`new`, `upgrade`, not `manual`) still pending that were made
 * before `before` and have no charge out: a page left, or a start or return cut by a crash.
 */
export function stalePendingPayments(db: TDrizzle, before: Date, limit: number): Promise<TPaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        inArray(payments.kind, ["new", "upgrade"]),
        ne(payments.provider, "manual"),
        lt(payments.createdAt, before),
        isNull(payments.chargingSince),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(limit);
}

/** Cancels one payment that is still pending, with a note; answers what its provider holds. */
export function cancelPendingPayment(
  db: TDrizzle,
  id: string,
  note: string,
  at: Date,
): Promise<TCancelled[]> {
  return db
    .update(payments)
    .set({ status: "cancelled", note, updatedAt: at })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")))
    .returning({ id: payments.id, provider: payments.provider, providerRef: payments.providerRef });
}

/** Sets a payment's status with a note (rejected, refunded). */
export async function setPaymentStatus(
  tx: TDrizzle,
  id: string,
  status: "rejected" | "refunded",
  note: string,
  at: Date,
): Promise<void> {
  await tx.update(payments).set({ status, note, updatedAt: at }).where(eq(payments.id, id));
}

/** Marks a payment that is still pending failed, with the provider's message. */
export async function failPendingPayment(db: TDrizzle, id: string, note: string, at: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: "failed", note, updatedAt: at })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")));
}

/** Notes why a payment still waits; only while it is pending. */
export async function notePendingPayment(db: TDrizzle, id: string, note: string, at: Date): Promise<void> {
  await db
    .update(payments)
    .set({ note, updatedAt: at })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")));
}

/** Notes something on a payment whatever its status (a late payment, a failed renewal charge). */
export async function notePayment(tx: TDrizzle, id: string, note: string, at: Date): Promise<void> {
  await tx.update(payments).set({ note, updatedAt: at }).where(eq(payments.id, id));
}

/** Stores the provider's reference of a payment (a session, a charge). */
export async function setPaymentProviderRef(db: TDrizzle, id: string, providerRef: string): Promise<void> {
  await db.update(payments).set({ providerRef }).where(eq(payments.id, id));
}

/**
 * Claims a pending payment that has no provider reference yet by writing `marker` there;
 * false when another return claimed it first.
 */
export async function claimPendingPayment(
  db: TDrizzle,
  id: string,
  marker: string,
  at: Date,
): Promise<boolean> {
  const [claimed] = await db
    .update(payments)
    .set({ providerRef: marker, updatedAt: at })
    .where(and(eq(payments.id, id), eq(payments.status, "pending"), isNull(payments.providerRef)))
    .returning({ id: payments.id });
  return claimed !== undefined;
}

/** Gives a claim back: the pending payment has no provider reference again. */
export async function releasePendingClaim(db: TDrizzle, id: string): Promise<void> {
  await db
    .update(payments)
    .set({ providerRef: null })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")));
}

// --- webhook inbox ---

/** One provider event. */
export interface TWebhookEvent {
  provider: "stripe" | "toss";
  eventId: string;
  eventType: string;
  payload: unknown;
}

/** Stores an event once; answers its row id, or null when it was stored before. */
export async function storeWebhookEvent(tx: TDrizzle, event: TWebhookEvent): Promise<string | null> {
  const [stored] = await tx
    .insert(paymentWebhookInbox)
    .values({ id: newId("payment").replace("payment_", "webhook_"), ...event })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookInbox.id });
  return stored?.id ?? null;
}

/** Marks a stored event applied. */
export async function markWebhookApplied(tx: TDrizzle, id: string, at: Date): Promise<void> {
  await tx.update(paymentWebhookInbox).set({ appliedAt: at }).where(eq(paymentWebhookInbox.id, id));
}

/** True when this provider's event is already in the inbox. */
export async function isWebhookStored(db: TDrizzle, provider: string, eventId: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: paymentWebhookInbox.id })
    .from(paymentWebhookInbox)
    .where(and(eq(paymentWebhookInbox.provider, provider), eq(paymentWebhookInbox.eventId, eventId)));
  return seen !== undefined;
}
