/**
 * Settling a payment: the one place every way of paying meets. A console confirm, a provider's
 * charge or return, a webhook and a renewal all mark a payment paid through `applyPaid`, which
 * gives its plan in the same transaction; a refund (console or provider) ends the plan it paid
 * for through `refundIn`. The plan changes through the accounts service (`setPlanIn`), so the
 * payment, the subscription and the plan commit together; `afterPaid` runs after the commit.
 */
import { AppError } from "@vitrine/contract";
import type { TDrizzle } from "../../platform/types";
import type { TPaymentsDeps } from "./deps";
import { oneOf } from "./docs";
import type { TNotify } from "./notify";
import { addPeriod } from "./periods";
import {
  insertSubscription,
  markPaymentPaid,
  paymentById,
  setPaymentStatus,
  subscriptionOf,
  type TPaymentRow,
  updateSubscription,
} from "./queries";

/** The settling verbs. */
export interface TSettlement {
  /**
   * Marks a pending payment paid and gives its plan, in `tx`; null when it was not pending.
   * `savedRef` (a billing key, a customer) is kept on the subscription for renewals.
   */
  applyPaid(
    tx: TDrizzle,
    paymentId: string,
    providerRef: string | null,
    savedRef?: string | null,
  ): Promise<{ userId: string } | null>;
  /** Marks a paid payment refunded, in `tx`; the plan it paid for ends now. */
  refundIn(tx: TDrizzle, before: TPaymentRow, note: string): Promise<{ planEnded: boolean }>;
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
}

/** Creates the settling verbs. */
export function createSettlement(
  deps: Pick<TPaymentsDeps, "db" | "accounts" | "now">,
  notify: TNotify,
): TSettlement {
  const { db, accounts, now } = deps;

  /**
   * A new subscription starts now, a renewal continues from the end of the last period (or now,
   * if it ran out), an upgrade changes the plan for the rest of the period.
   */
  async function applyPaid(
    tx: TDrizzle,
    paymentId: string,
    providerRef: string | null,
    savedRef: string | null = null,
  ) {
    const payment = await paymentById(tx, paymentId, true);
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
    await markPaymentPaid(tx, payment.id, { at, periodStart: start, periodEnd: end, providerRef });
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
    if (sub) await updateSubscription(tx, sub.id, fields);
    else await insertSubscription(tx, payment.userId, fields, at);
    await accounts.setPlanIn(tx, payment.userId, {
      plan: oneOf(["standard", "advanced"] as const, payment.plan, "standard"),
      paymentStatus: true,
      planExpiresAt: end,
      planPeriod: period,
      planStatus: "active",
    });
    return { userId: payment.userId };
  }

  /** An older period's refund changes nothing but the payment. */
  async function refundIn(tx: TDrizzle, before: TPaymentRow, note: string): Promise<{ planEnded: boolean }> {
    const at = now();
    await setPaymentStatus(tx, before.id, "refunded", note, at);
    const sub = await subscriptionOf(tx, before.userId, true);
    const isCurrent = Boolean(
      sub?.currentPeriodEnd &&
        before.periodEnd &&
        sub.currentPeriodEnd.getTime() === before.periodEnd.getTime(),
    );
    if (sub && isCurrent) {
      await updateSubscription(tx, sub.id, {
        status: "expired",
        autoRenew: false,
        currentPeriodEnd: at,
        updatedAt: at,
      });
      await accounts.setPlanIn(tx, before.userId, {
        plan: "free",
        paymentStatus: false,
        planExpiresAt: at,
        planStatus: "expired",
      });
    }
    return { planEnded: isCurrent };
  }

  async function applyRefunded(tx: TDrizzle, paymentId: string, providerRef: string, note: string) {
    const before = await paymentById(tx, paymentId, true);
    // Only the payment this provider payment paid: another order of ours changes nothing.
    if (before?.status !== "paid" || before.providerRef !== providerRef) return null;
    const { planEnded } = await refundIn(tx, before, note);
    return { userId: before.userId, planEnded };
  }

  async function afterPaid(userId: string, paymentId: string): Promise<void> {
    await accounts.planChanged(userId);
    const payment = await paymentById(db, paymentId);
    const sub = await subscriptionOf(db, userId);
    await notify(userId, "receipt", payment ?? null, sub ?? null);
  }

  return { applyPaid, refundIn, applyRefunded, afterPaid };
}
