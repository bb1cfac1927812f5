/**
 * The payments service (issue 12): checkout, the console's confirm / reject / refund, cancel,
 * upgrade and downgrade. A confirmed payment changes the owner's plan (through the accounts
 * service), the subscription and the payment in one transaction with its audit row; the
 * receipt e-mail goes after the commit.
 */
import { randomBytes } from "node:crypto";
import {
  ADMIN_PAGE_SIZE,
  AppError,
  newId,
  type TAdminPaymentDoc,
  type TCurrency,
  type TPaymentDoc,
  type TPaymentProvider,
  type TPlanPeriod,
  type TProviderStep,
  type TSoldPlan,
  type TSubscriptionDoc,
} from "@vitrine/contract";
import { and, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { payments, subscriptions } from "../../db/schema/billing";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TDrizzle, TMailer } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TPlansService } from "../plans/service";
import { oneOf, type TPaymentRow, type TSubscriptionRow, toPaymentDoc, toSubscriptionDoc } from "./docs";
import { billingMail, type TBillingMail } from "./mails";
import { addPeriod, remainingShare } from "./periods";
import type { TProviderAdapter } from "./providers";

/** A payment just cancelled, and what its provider holds for it. */
interface TCancelled {
  id: string;
  provider: string;
  providerRef: string | null;
}

/** What the payments service needs. */
export interface TPaymentsDeps {
  db: TDrizzle;
  mail: TMailer;
  logger: { warn(obj: unknown, msg?: string): void };
  publicUrl: string;
  transfer: { bank: string; account: string; holder: string };
  accounts: Pick<TAccountsService, "userInfo" | "setPlanIn" | "planChanged" | "operators">;
  plans: Pick<TPlansService, "price">;
  audit: TAuditService;
  providers: readonly TProviderAdapter[];
  now: () => Date;
}

/** A console decision's answer. */
export interface TPaymentDecision {
  doc: TAdminPaymentDoc;
  active_plane: "free" | "basic" | "standard" | "advanced" | "contact-us";
  payment_status: boolean;
}

/** The payments verbs. */
export interface TPaymentsService {
  /** Providers this deployment offers (manual first). */
  providerNames(): TPaymentProvider[];
  checkout(
    auth: TAuth,
    input: {
      plan: TSoldPlan;
      period: TPlanPeriod;
      currency: TCurrency;
      provider: TPaymentProvider;
      auto_renew: boolean;
    },
  ): Promise<{ doc: TPaymentDoc; step: TProviderStep | null }>;
  /** The payer came back from the provider's page: finish the payment there (idempotent). */
  returned(
    auth: TAuth,
    input: { payment_id: string; auth_key?: string; customer_key?: string },
  ): Promise<TPaymentDoc>;
  detail(auth: TAuth, paymentId: string): Promise<TPaymentDoc>;
  account(auth: TAuth): Promise<{ subscription: TSubscriptionDoc | null; payments: TPaymentDoc[] }>;
  cancel(auth: TAuth): Promise<TSubscriptionDoc>;
  changePlan(
    auth: TAuth,
    plan: TSoldPlan,
  ): Promise<{ subscription: TSubscriptionDoc; doc: TPaymentDoc | null }>;
  adminList(
    page: number,
    status?: string,
    userId?: string,
  ): Promise<{ docs: TAdminPaymentDoc[]; total: number }>;
  confirm(actor: TAuth, paymentId: string, reason: string | null): Promise<TPaymentDecision>;
  reject(actor: TAuth, paymentId: string, reason: string): Promise<TPaymentDecision>;
  refund(actor: TAuth, paymentId: string, reason: string): Promise<TPaymentDecision>;
  /**
   * Marks a payment paid from outside the console (a provider's webhook or charge), in `tx`;
   * `savedRef` (a billing key, a customer) is kept on the subscription for renewals.
   */
  applyPaid(
    tx: TDrizzle,
    paymentId: string,
    providerRef: string | null,
    savedRef?: string | null,
  ): Promise<{ userId: string } | null>;
  /**
   * Marks a paid payment refunded because its provider cancelled it (Toss's `CANCELED`), in `tx`:
   * only when `providerRef` is the provider payment that paid it. The plan it paid for ends now.
   */
  applyRefunded(
    tx: TDrizzle,
    paymentId: string,
    providerRef: string,
    note: string,
  ): Promise<{ userId: string; planEnded: boolean } | null>;
  /** After a payment was marked paid and committed: plan listeners and the receipt mail. */
  afterPaid(userId: string, paymentId: string): Promise<void>;
  /** Sends one billing mail about a user (never throws: a mail failure is logged). */
  notify(
    userId: string,
    kind: TBillingMail,
    payment: TPaymentRow | null,
    sub: TSubscriptionRow | null,
  ): Promise<void>;
  /** Ends a deleted account's subscription; its payments stay as the accounting record. */
  removeOwnerData(userId: string): Promise<void>;
}

const RANK: Record<TSoldPlan, number> = { standard: 1, advanced: 2 };

/** Creates the payments service. */
export function createPaymentsService(deps: TPaymentsDeps): TPaymentsService {
  const { db, accounts, audit, now } = deps;
  const byName = new Map(deps.providers.map((p) => [p.name, p]));
  const transferOf = () => (deps.transfer.account ? deps.transfer : null);
  const docOf = (row: TPaymentRow) =>
    toPaymentDoc(row, transferOf() ?? { bank: "", account: "", holder: "" });

  function provider(name: TPaymentProvider): TProviderAdapter {
    const found = byName.get(name);
    if (!found) throw new AppError("providerUnavailable");
    return found;
  }

  async function subscriptionOf(handle: TDrizzle, userId: string, forUpdate = false) {
    const query = handle.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const [row] = forUpdate ? await query.for("update") : await query;
    return row;
  }

  async function ownPayment(auth: TAuth, paymentId: string): Promise<TPaymentRow> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, auth.userId)));
    if (!row) throw new AppError("notFound");
    return row;
  }

  const isRunning = (sub: TSubscriptionRow | undefined, at: Date): sub is TSubscriptionRow =>
    sub !== undefined &&
    (sub.status === "active" || sub.status === "cancelled") &&
    sub.currentPeriodEnd !== null &&
    sub.currentPeriodEnd.getTime() > at.getTime();

  async function newPayment(
    handle: TDrizzle,
    userId: string,
    fields: Pick<TPaymentRow, "kind" | "plan" | "period" | "currency" | "amount" | "provider" | "autoRenew"> &
      Partial<Pick<TPaymentRow, "periodStart" | "periodEnd">>,
  ): Promise<TPaymentRow> {
    const at = now();
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
    if (!row) throw new Error("payment insert returned no row");
    return row;
  }

  const providerPayment = (row: TPaymentRow, email: string) => ({
    paymentId: row.id,
    amount: row.amount,
    currency: oneOf(["KRW", "USD"] as const, row.currency, "KRW"),
    reference: row.reference,
    email,
    userId: row.userId,
    autoRenew: row.autoRenew,
  });

  async function fresh(row: TPaymentRow): Promise<TPaymentRow> {
    const [found] = await db.select().from(payments).where(eq(payments.id, row.id));
    return found ?? row;
  }

  async function markFailed(paymentId: string, message: string): Promise<void> {
    await db
      .update(payments)
      .set({ status: "failed", note: message, updatedAt: now() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
  }

  /** Cancels the pending payments `where` selects, in `tx`; answers what their providers hold. */
  async function cancelPending(tx: TDrizzle, where: SQL | undefined): Promise<TCancelled[]> {
    return tx
      .update(payments)
      .set({ status: "cancelled", updatedAt: now() })
      .where(where)
      .returning({ id: payments.id, provider: payments.provider, providerRef: payments.providerRef });
  }

  /**
   * Closes cancelled payments' pages at their providers (Stripe: the Checkout Session expires),
   * so an old page left open cannot be paid. Best effort, after the commit: money that still
   * arrives for a cancelled payment is refunded by the webhook (`webhooks.ts`).
   */
  async function closeAtProviders(cancelled: TCancelled[]): Promise<void> {
    for (const row of cancelled) {
      const adapter = byName.get(oneOf(["manual", "toss", "stripe"] as const, row.provider, "manual"));
      if (!adapter?.close || !row.providerRef) continue;
      try {
        await adapter.close(row.providerRef);
      } catch (error) {
        deps.logger.warn({ err: error, paymentId: row.id }, "provider page not closed");
      }
    }
  }

  /** Notes why a payment still waits (a provider that did not answer); it stays pending. */
  async function noteOnPending(paymentId: string, message: string): Promise<void> {
    await db
      .update(payments)
      .set({ note: message, updatedAt: now() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
  }

  /**
   * Asks the provider to start a payment; a provider that took the money marks it paid. With a
   * saved reference (an upgrade of a subscription paid by card) the provider charges it at once.
   */
  async function startWithProvider(
    row: TPaymentRow,
    email: string,
    savedRef: string | null = null,
  ): Promise<{ row: TPaymentRow; step: TProviderStep | null }> {
    const adapter = provider(oneOf(["manual", "toss", "stripe"] as const, row.provider, "manual"));
    if (savedRef && adapter.name !== "manual") {
      const charged = await adapter.charge(providerPayment(row, email), savedRef);
      if (charged.outcome === "paid") {
        const applied = await db.transaction((tx) => applyPaid(tx, row.id, charged.providerRef));
        if (applied) await afterPaid(applied.userId, row.id);
      } else if (charged.outcome === "failed") await markFailed(row.id, charged.message);
      else if (charged.outcome === "unknown") await noteOnPending(row.id, charged.message);
      return { row: await fresh(row), step: null };
    }
    const started = await adapter.start(providerPayment(row, email));
    if (started.status === "paid") {
      const applied = await db.transaction((tx) => applyPaid(tx, row.id, started.providerRef));
      if (applied) await afterPaid(applied.userId, row.id);
    } else if (started.providerRef) {
      await db.update(payments).set({ providerRef: started.providerRef }).where(eq(payments.id, row.id));
    }
    return { row: await fresh(row), step: started.status === "paid" ? null : started.step };
  }

  /**
   * Marks a paid payment refunded, in `tx`; the plan it paid for ends now (an older period's
   * refund changes nothing).
   */
  async function refundIn(tx: TDrizzle, before: TPaymentRow, note: string): Promise<{ planEnded: boolean }> {
    const at = now();
    await tx
      .update(payments)
      .set({ status: "refunded", note, updatedAt: at })
      .where(eq(payments.id, before.id));
    const sub = await subscriptionOf(tx, before.userId, true);
    const isCurrent = Boolean(
      sub?.currentPeriodEnd &&
        before.periodEnd &&
        sub.currentPeriodEnd.getTime() === before.periodEnd.getTime(),
    );
    if (sub && isCurrent) {
      await tx
        .update(subscriptions)
        .set({ status: "expired", autoRenew: false, currentPeriodEnd: at, updatedAt: at })
        .where(eq(subscriptions.id, sub.id));
      await accounts.setPlanIn(tx, before.userId, {
        plan: "free",
        paymentStatus: false,
        planExpiresAt: at,
        planStatus: "expired",
      });
    }
    return { planEnded: isCurrent };
  }

  /**
   * Marks a pending payment paid and gives its plan, in `tx`: a new subscription starts now,
   * a renewal continues from the end of the last period (or now, if it ran out), an upgrade
   * changes the plan for the rest of the period.
   */
  async function applyPaid(
    tx: TDrizzle,
    paymentId: string,
    providerRef: string | null,
    savedRef: string | null = null,
  ) {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment) throw new AppError("notFound");
    if (payment.status !== "pending") return null;
    const at = now();
    const sub = await subscriptionOf(tx, payment.userId, true);
    const period = oneOf(["month", "year"] as const, payment.period, "month");
    let start = at;
    let end = addPeriod(at, period);
    if (payment.kind === "renewal" && sub?.currentPeriodEnd) {
      start = sub.currentPeriodEnd.getTime() > at.getTime() ? sub.currentPeriodEnd : at;
      end = addPeriod(start, period);
    } else if (payment.kind === "upgrade" && sub?.currentPeriodEnd && sub.currentPeriodStart) {
      start = sub.currentPeriodStart;
      end = sub.currentPeriodEnd;
    }
    await tx
      .update(payments)
      .set({ status: "paid", paidAt: at, periodStart: start, periodEnd: end, providerRef, updatedAt: at })
      .where(eq(payments.id, payment.id));
    const fields = {
      plan: payment.plan,
      period: payment.period,
      currency: payment.currency,
      provider: payment.provider,
      status: "active",
      autoRenew: payment.kind === "upgrade" ? (sub?.autoRenew ?? false) : payment.autoRenew,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      nextPlan: null,
      remindedFor: null,
      renewalAttempts: 0,
      nextAttemptAt: null,
      ...(savedRef ? { providerRef: savedRef } : {}),
      updatedAt: at,
    };
    if (sub) await tx.update(subscriptions).set(fields).where(eq(subscriptions.id, sub.id));
    else
      await tx
        .insert(subscriptions)
        .values({ id: newId("subscription"), userId: payment.userId, createdAt: at, ...fields });
    await accounts.setPlanIn(tx, payment.userId, {
      plan: oneOf(["standard", "advanced"] as const, payment.plan, "standard"),
      paymentStatus: true,
      planExpiresAt: end,
      planPeriod: period,
      planStatus: "active",
    });
    return { userId: payment.userId };
  }

  async function afterPaid(userId: string, paymentId: string): Promise<void> {
    await accounts.planChanged(userId);
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    const sub = await subscriptionOf(db, userId);
    await notify(userId, "receipt", payment ?? null, sub ?? null);
  }

  async function notify(
    userId: string,
    kind: TBillingMail,
    payment: TPaymentRow | null,
    sub: TSubscriptionRow | null,
  ): Promise<void> {
    try {
      const info = await accounts.userInfo(userId);
      const transfer = transferOf();
      await deps.mail.send(
        billingMail(kind, {
          to: info.email,
          language: info.language,
          plan: payment?.plan ?? sub?.plan ?? "standard",
          amount: payment?.amount ?? null,
          currency: oneOf(["KRW", "USD"] as const, payment?.currency ?? sub?.currency ?? "KRW", "KRW"),
          periodEnd: payment?.periodEnd ?? sub?.currentPeriodEnd ?? null,
          paymentId: payment?.id ?? null,
          transfer:
            kind === "invoice" && transfer && payment ? { ...transfer, reference: payment.reference } : null,
          link: `${deps.publicUrl}/Studio/user/account`,
        }),
      );
    } catch (error) {
      deps.logger.warn({ err: error, userId, kind }, "billing mail not sent");
    }
  }

  async function adminDocs(rows: TPaymentRow[]): Promise<TAdminPaymentDoc[]> {
    const emails = await accounts.operators.emailIds([...new Set(rows.map((r) => r.userId))]);
    return rows.map((row) => ({
      ...docOf(row),
      user_id: row.userId,
      email_id: emails.get(row.userId) ?? null,
    }));
  }

  async function decision(paymentId: string): Promise<TPaymentDecision> {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row) throw new AppError("notFound");
    const [doc] = await adminDocs([row]);
    if (!doc) throw new AppError("notFound");
    const info = await accounts.userInfo(row.userId).catch(() => null);
    return {
      doc,
      active_plane: info?.active_plane ?? "free",
      payment_status: info?.payment_status ?? false,
    };
  }

  const snapshot = (row: TPaymentRow) => ({
    status: row.status,
    plan: row.plan,
    amount: row.amount,
    kind: row.kind,
  });

  return {
    // Offered to owners: every configured provider (the web carries each one's step and return).
    providerNames: () => deps.providers.map((p) => p.name),

    async checkout(auth, input) {
      const chosen = byName.get(input.provider);
      if (!chosen || (chosen.currencies && !chosen.currencies.includes(input.currency))) {
        throw new AppError("providerUnavailable");
      }
      const amount = await deps.plans.price(input.plan, input.period, input.currency);
      if (amount === null) throw new AppError("priceMissing");
      const info = await accounts.userInfo(auth.userId);
      let left: TCancelled[] = [];
      const row = await db.transaction(async (tx) => {
        const sub = await subscriptionOf(tx, auth.userId, true);
        if (isRunning(sub, now())) throw new AppError("subscriptionRunning");
        // One checkout waits at a time: an earlier one the owner left is cancelled.
        left = await cancelPending(
          tx,
          and(eq(payments.userId, auth.userId), eq(payments.status, "pending"), eq(payments.kind, "new")),
        );
        return newPayment(tx, auth.userId, {
          kind: "new",
          plan: input.plan,
          period: input.period,
          currency: input.currency,
          amount,
          provider: input.provider,
          autoRenew: input.auto_renew,
        });
      });
      await closeAtProviders(left);
      const started = await startWithProvider(row, info.email);
      return { doc: docOf(started.row), step: started.step };
    },

    async returned(auth, input) {
      const row = await ownPayment(auth, input.payment_id);
      const adapter = byName.get(oneOf(["manual", "toss", "stripe"] as const, row.provider, "manual"));
      if (row.status !== "pending" || !adapter?.finish) return docOf(row);
      // A provider that charges on return (Toss) runs once: the first return claims the payment.
      if (row.providerRef === null) {
        const [claimed] = await db
          .update(payments)
          .set({ providerRef: `${row.provider}:returning`, updatedAt: now() })
          .where(and(eq(payments.id, row.id), eq(payments.status, "pending"), isNull(payments.providerRef)))
          .returning({ id: payments.id });
        if (!claimed) return docOf(await fresh(row));
      }
      const info = await accounts.userInfo(auth.userId);
      let outcome: Awaited<ReturnType<NonNullable<TProviderAdapter["finish"]>>>;
      try {
        outcome = await adapter.finish(providerPayment(row, info.email), {
          authKey: input.auth_key,
          customerKey: input.customer_key,
          providerRef: row.providerRef,
        });
      } catch (error) {
        if (row.providerRef === null) {
          await db
            .update(payments)
            .set({ providerRef: null })
            .where(and(eq(payments.id, row.id), eq(payments.status, "pending")));
        }
        throw error;
      }
      if (outcome.outcome === "paid") {
        const { providerRef, savedRef } = outcome;
        const applied = await db.transaction((tx) => applyPaid(tx, row.id, providerRef, savedRef));
        if (applied) await afterPaid(applied.userId, row.id);
      } else if (outcome.outcome === "failed") await markFailed(row.id, outcome.message);
      return docOf(await fresh(row));
    },

    async detail(auth, paymentId) {
      return docOf(await ownPayment(auth, paymentId));
    },

    async account(auth) {
      const sub = await subscriptionOf(db, auth.userId);
      const rows = await db
        .select()
        .from(payments)
        .where(eq(payments.userId, auth.userId))
        .orderBy(desc(payments.createdAt))
        .limit(50);
      return { subscription: sub ? toSubscriptionDoc(sub) : null, payments: rows.map(docOf) };
    },

    async cancel(auth) {
      const at = now();
      let left: TCancelled[] = [];
      const sub = await db.transaction(async (tx) => {
        const row = await subscriptionOf(tx, auth.userId, true);
        if (!row || !["active", "past_due"].includes(row.status)) throw new AppError("noSubscription");
        const isOver = row.currentPeriodEnd === null || row.currentPeriodEnd.getTime() <= at.getTime();
        const status = isOver ? "expired" : "cancelled";
        const [updated] = await tx
          .update(subscriptions)
          .set({ status, autoRenew: false, nextPlan: null, nextAttemptAt: null, updatedAt: at })
          .where(eq(subscriptions.id, row.id))
          .returning();
        // Nothing is charged after a cancel: renewals and upgrades still waiting are cancelled.
        left = await cancelPending(
          tx,
          and(
            eq(payments.userId, auth.userId),
            eq(payments.status, "pending"),
            inArray(payments.kind, ["renewal", "upgrade"]),
          ),
        );
        await accounts.setPlanIn(tx, auth.userId, {
          plan: isOver ? "free" : oneOf(["standard", "advanced"] as const, row.plan, "standard"),
          paymentStatus: !isOver,
          planStatus: status,
        });
        return updated ?? row;
      });
      await closeAtProviders(left);
      await accounts.planChanged(auth.userId);
      return toSubscriptionDoc(sub);
    },

    async changePlan(auth, plan) {
      const at = now();
      const info = await accounts.userInfo(auth.userId);
      // Prices are read before the transaction (on PGlite it holds the only connection).
      const seen = await subscriptionOf(db, auth.userId);
      const prices = seen
        ? await Promise.all([
            deps.plans.price(
              plan,
              oneOf(["month", "year"] as const, seen.period, "month"),
              oneOf(["KRW", "USD"] as const, seen.currency, "KRW"),
            ),
            deps.plans.price(
              oneOf(["standard", "advanced"] as const, seen.plan, "standard"),
              oneOf(["month", "year"] as const, seen.period, "month"),
              oneOf(["KRW", "USD"] as const, seen.currency, "KRW"),
            ),
          ])
        : [null, null];
      let left: TCancelled[] = [];
      const result = await db.transaction(async (tx) => {
        const sub = await subscriptionOf(tx, auth.userId, true);
        if (!isRunning(sub, at)) throw new AppError("noSubscription");
        const current = oneOf(["standard", "advanced"] as const, sub.plan, "standard");
        if (current === plan) {
          if (sub.nextPlan === null) throw new AppError("samePlan");
          // Changing back before the renewal drops the pending downgrade.
          const [kept] = await tx
            .update(subscriptions)
            .set({ nextPlan: null, updatedAt: at })
            .where(eq(subscriptions.id, sub.id))
            .returning();
          return { sub: kept ?? sub, payment: null };
        }
        if (RANK[plan] < RANK[current]) {
          const [later] = await tx
            .update(subscriptions)
            .set({ nextPlan: plan, updatedAt: at })
            .where(eq(subscriptions.id, sub.id))
            .returning();
          return { sub: later ?? sub, payment: null };
        }
        const period = oneOf(["month", "year"] as const, sub.period, "month");
        const currency = oneOf(["KRW", "USD"] as const, sub.currency, "KRW");
        const [newPrice, oldPrice] = prices;
        if (newPrice === null || oldPrice === null) throw new AppError("priceMissing");
        const share =
          sub.currentPeriodStart && sub.currentPeriodEnd
            ? remainingShare(sub.currentPeriodStart, sub.currentPeriodEnd, at)
            : 1;
        // The difference for the rest of the period, rounded up to the currency's unit.
        const amount = Math.max(1, Math.ceil((newPrice - oldPrice) * share));
        left = await cancelPending(
          tx,
          and(eq(payments.userId, auth.userId), eq(payments.status, "pending"), eq(payments.kind, "upgrade")),
        );
        const payment = await newPayment(tx, auth.userId, {
          kind: "upgrade",
          plan,
          period,
          currency,
          amount,
          provider: sub.provider,
          autoRenew: sub.autoRenew,
          periodStart: at,
          periodEnd: sub.currentPeriodEnd,
        });
        return { sub, payment };
      });
      await closeAtProviders(left);
      const payment = result.payment
        ? (await startWithProvider(result.payment, info.email, result.sub.providerRef)).row
        : null;
      const fresh = (await subscriptionOf(db, auth.userId)) ?? result.sub;
      return { subscription: toSubscriptionDoc(fresh), doc: payment ? docOf(payment) : null };
    },

    async adminList(page, status, userId) {
      const where = and(
        status ? eq(payments.status, status) : undefined,
        userId ? eq(payments.userId, userId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(where)
          .orderBy(desc(payments.createdAt))
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE),
        db.select({ n: count() }).from(payments).where(where),
      ]);
      return { docs: await adminDocs(rows), total: total?.n ?? 0 };
    },

    async confirm(actor, paymentId, reason) {
      const applied = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
        if (!before) throw new AppError("notFound");
        const done = await applyPaid(tx, paymentId, null);
        if (!done) throw new AppError("paymentNotPending");
        const [after] = await tx.select().from(payments).where(eq(payments.id, paymentId));
        await audit.audit(
          {
            actorId: actor.userId,
            action: "payment.confirm",
            targetType: "payment",
            targetId: paymentId,
            before: snapshot(before),
            after: after
              ? {
                  ...snapshot(after),
                  user_id: after.userId,
                  period_end: after.periodEnd?.toISOString() ?? null,
                }
              : null,
            reason,
          },
          tx,
        );
        return done;
      });
      await afterPaid(applied.userId, paymentId);
      return decision(paymentId);
    },

    async reject(actor, paymentId, reason) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
        if (!before) throw new AppError("notFound");
        if (before.status !== "pending") throw new AppError("paymentNotPending");
        await tx
          .update(payments)
          .set({ status: "rejected", note: reason, updatedAt: now() })
          .where(eq(payments.id, paymentId));
        await audit.audit(
          {
            actorId: actor.userId,
            action: "payment.reject",
            targetType: "payment",
            targetId: paymentId,
            before: snapshot(before),
            after: { ...snapshot(before), status: "rejected", user_id: before.userId },
            reason,
          },
          tx,
        );
      });
      return decision(paymentId);
    },

    async refund(actor, paymentId, reason) {
      const userId = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
        if (!before) throw new AppError("notFound");
        if (before.status !== "paid") throw new AppError("paymentNotPaid");
        const { planEnded } = await refundIn(tx, before, reason);
        await audit.audit(
          {
            actorId: actor.userId,
            action: "payment.refund",
            targetType: "payment",
            targetId: paymentId,
            before: snapshot(before),
            after: {
              ...snapshot(before),
              status: "refunded",
              user_id: before.userId,
              plan_ended: planEnded,
            },
            reason,
          },
          tx,
        );
        return before.userId;
      });
      await accounts.planChanged(userId);
      return decision(paymentId);
    },

    async applyRefunded(tx, paymentId, providerRef, note) {
      const [before] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      // Only the payment this provider payment paid: another order of ours changes nothing.
      if (before?.status !== "paid" || before.providerRef !== providerRef) return null;
      const { planEnded } = await refundIn(tx, before, note);
      return { userId: before.userId, planEnded };
    },

    applyPaid,
    afterPaid,
    notify,

    async removeOwnerData(userId) {
      await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
      await closeAtProviders(
        await cancelPending(db, and(eq(payments.userId, userId), eq(payments.status, "pending"))),
      );
    },
  };
}
