/**
 * Subscription changes an owner makes: cancel (runs to the period's end, nothing more is
 * charged), upgrade (a payment of the price difference for the rest of the period; once paid
 * the plan changes at once) and downgrade (stored as `next_plan`, priced at the renewal).
 */
import { AppError, type TPaymentDoc, type TSoldPlan, type TSubscriptionDoc } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TPaymentsDeps } from "./deps";
import { isRunning, paymentDocOf } from "./deps";
import { oneOf, toSubscriptionDoc } from "./docs";
import { remainingShare } from "./periods";
import {
  cancelPendingPayments,
  insertPendingPayment,
  subscriptionOf,
  type TCancelled,
  type TPaymentRow,
  type TSubscriptionRow,
  updateSubscription,
} from "./queries";
import type { TProviderCalls } from "./start";

/** The subscription verbs. */
export interface TSubscriptionChanges {
  cancel(auth: TAuth): Promise<TSubscriptionDoc>;
  changePlan(
    auth: TAuth,
    plan: TSoldPlan,
  ): Promise<{ subscription: TSubscriptionDoc; doc: TPaymentDoc | null }>;
}

const RANK: Record<TSoldPlan, number> = { standard: 1, advanced: 2 };

/** Creates the subscription verbs. */
export function createSubscriptionChanges(
  deps: Pick<TPaymentsDeps, "db" | "accounts" | "plans" | "transfer" | "now">,
  calls: TProviderCalls,
): TSubscriptionChanges {
  const { db, accounts, now } = deps;
  const docOf = paymentDocOf(deps);

  /** The new plan's and the current plan's prices for the subscription's period and currency. */
  async function pricesFor(plan: TSoldPlan, seen: TSubscriptionRow | undefined) {
    if (!seen) return [null, null] as const;
    const period = oneOf(["month", "year"] as const, seen.period, "month");
    const currency = oneOf(["KRW", "USD"] as const, seen.currency, "KRW");
    return Promise.all([
      deps.plans.price(plan, period, currency),
      deps.plans.price(oneOf(["standard", "advanced"] as const, seen.plan, "standard"), period, currency),
    ]);
  }

  return {
    async cancel(auth) {
      const at = now();
      let left: TCancelled[] = [];
      const sub = await db.transaction(async (tx) => {
        const row = await subscriptionOf(tx, auth.userId, true);
        if (!row || !["active", "past_due"].includes(row.status)) throw new AppError("noSubscription");
        const isOver = row.currentPeriodEnd === null || row.currentPeriodEnd.getTime() <= at.getTime();
        const status = isOver ? "expired" : "cancelled";
        const updated = await updateSubscription(tx, row.id, {
          status,
          autoRenew: false,
          nextPlan: null,
          nextAttemptAt: null,
          updatedAt: at,
        });
        // Nothing is charged after a cancel: renewals and upgrades still waiting are cancelled.
        left = await cancelPendingPayments(tx, auth.userId, ["renewal", "upgrade"], now());
        await accounts.setPlanIn(tx, auth.userId, {
          plan: isOver ? "free" : oneOf(["standard", "advanced"] as const, row.plan, "standard"),
          paymentStatus: !isOver,
          planStatus: status,
        });
        return updated ?? row;
      });
      await calls.close(left);
      await accounts.planChanged(auth.userId);
      return toSubscriptionDoc(sub);
    },

    async changePlan(auth, plan) {
      const at = now();
      const info = await accounts.userInfo(auth.userId);
      // Prices are read before the transaction (on PGlite it holds the only connection).
      const prices = await pricesFor(plan, await subscriptionOf(db, auth.userId));
      let left: TCancelled[] = [];
      const result = await db.transaction(
        async (tx): Promise<{ sub: TSubscriptionRow; payment: TPaymentRow | null }> => {
          const sub = await subscriptionOf(tx, auth.userId, true);
          if (!isRunning(sub, at)) throw new AppError("noSubscription");
          const current = oneOf(["standard", "advanced"] as const, sub.plan, "standard");
          if (current === plan) {
            if (sub.nextPlan === null) throw new AppError("samePlan");
            // Changing back before the renewal drops the pending downgrade.
            const kept = await updateSubscription(tx, sub.id, { nextPlan: null, updatedAt: at });
            return { sub: kept ?? sub, payment: null };
          }
          if (RANK[plan] < RANK[current]) {
            const later = await updateSubscription(tx, sub.id, { nextPlan: plan, updatedAt: at });
            return { sub: later ?? sub, payment: null };
          }
          const [newPrice, oldPrice] = prices;
          if (newPrice === null || oldPrice === null) throw new AppError("priceMissing");
          const share =
            sub.currentPeriodStart && sub.currentPeriodEnd
              ? remainingShare(sub.currentPeriodStart, sub.currentPeriodEnd, at)
              : 1;
          // The difference for the rest of the period, rounded up to the currency's unit.
          const amount = Math.max(1, Math.ceil((newPrice - oldPrice) * share));
          left = await cancelPendingPayments(tx, auth.userId, ["upgrade"], now());
          const payment = await insertPendingPayment(
            tx,
            auth.userId,
            {
              kind: "upgrade",
              plan,
              period: oneOf(["month", "year"] as const, sub.period, "month"),
              currency: oneOf(["KRW", "USD"] as const, sub.currency, "KRW"),
              amount,
              provider: sub.provider,
              autoRenew: sub.autoRenew,
              periodStart: at,
              periodEnd: sub.currentPeriodEnd,
            },
            now(),
          );
          if (!payment) throw new Error("payment insert returned no row");
          return { sub, payment };
        },
      );
      await calls.close(left);
      const payment = result.payment
        ? (await calls.start(result.payment, info.email, result.sub.providerRef)).row
        : null;
      const fresh = (await subscriptionOf(db, auth.userId)) ?? result.sub;
      return { subscription: toSubscriptionDoc(fresh), doc: payment ? docOf(payment) : null };
    },
  };
}
