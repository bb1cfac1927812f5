/**
 * The renewal job (issue 12): for each subscription, a reminder e-mail 7 days before its period
 * ends; at the end, either the plan ends (cancelled, or no automatic-renewal consent) or the
 * renewal is charged through the provider, retried with back-off (RENEWAL_RETRY_DAYS), and the
 * plan ends after the last retry. An ended plan falls to Basic: nothing is deleted.
 */
import { RENEWAL_REMINDER_DAYS, RENEWAL_RETRY_DAYS, type TPaymentProvider } from "@vitrine/contract";
import type { TDrizzle } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TPlansService } from "../plans/service";
import { oneOf } from "./docs";
import type { TBillingMail } from "./mails";
import { addPeriod } from "./periods";
import type { TProviderAdapter } from "./providers";
import {
  cancelPendingPayments,
  insertPendingPayment,
  lockSubscriptionUnlessTaken,
  notePayment,
  paymentById,
  pendingPaymentOf,
  renewableSubscriptionIds,
  subscriptionById,
  type TPaymentRow,
  type TSubscriptionRow,
  updateSubscription,
} from "./queries";
import type { TPaymentsService } from "./service";

const DAY_MS = 86_400_000;

/** What the renewal job needs. */
export interface TRenewalDeps {
  db: TDrizzle;
  accounts: Pick<TAccountsService, "userInfo" | "setPlanIn" | "planChanged">;
  plans: Pick<TPlansService, "price">;
  payments: Pick<TPaymentsService, "applyPaid" | "notify">;
  providers: readonly TProviderAdapter[];
  logger: { warn(obj: unknown, msg?: string): void };
}

/** What one run did, for logs and tests. */
export interface TRenewalRun {
  reminded: number;
  renewed: number;
  invoiced: number;
  failed: number;
  ended: number;
}

type TStep = {
  mail: TBillingMail;
  payment: TPaymentRow | null;
  planChanged: boolean;
  outcome: keyof TRenewalRun;
} | null;

/** Runs every renewal step due at `at`. Safe to run on several instances at once (row locks). */
export async function runRenewals(deps: TRenewalDeps, at: Date): Promise<TRenewalRun> {
  const { db } = deps;
  const run: TRenewalRun = { reminded: 0, renewed: 0, invoiced: 0, failed: 0, ended: 0 };
  const remindFrom = new Date(at.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS);
  const due = await renewableSubscriptionIds(db);
  for (const id of due) {
    try {
      // Read outside the transaction: on PGlite the transaction holds the only connection.
      const pre = await preRead(deps, id);
      if (!pre) continue;
      const step = await db.transaction(async (tx) => {
        const sub = await lockSubscriptionUnlessTaken(tx, id);
        if (!sub?.currentPeriodEnd) return null;
        if (sub.currentPeriodEnd.getTime() > at.getTime()) {
          if (sub.currentPeriodEnd.getTime() > remindFrom.getTime()) return null;
          if (sub.remindedFor?.getTime() === sub.currentPeriodEnd.getTime()) return null;
          await updateSubscription(tx, sub.id, { remindedFor: sub.currentPeriodEnd, updatedAt: at });
          const willRenew = sub.status === "active" && sub.autoRenew;
          return {
            mail: willRenew ? "reminderRenew" : "reminderEnd",
            payment: null,
            planChanged: false,
            outcome: "reminded",
          } as const;
        }
        if (sub.status === "cancelled" || !sub.autoRenew) return endPlan(deps, tx, sub, at);
        if (sub.nextAttemptAt && sub.nextAttemptAt.getTime() > at.getTime()) return null;
        return attemptRenewal(deps, tx, sub, at, pre);
      });
      if (!step) continue;
      run[step.outcome] += 1;
      if (step.planChanged) await deps.accounts.planChanged(await userOf(db, id));
      await deps.payments.notify(await userOf(db, id), step.mail, step.payment, await subOf(db, id));
    } catch (error) {
      deps.logger.warn({ err: error, subscription: id }, "renewal step failed");
    }
  }
  return run;
}

/** The renewal's price and the owner's e-mail, read before the row is locked. */
interface TPreRead {
  amount: number | null;
  email: string;
}

async function preRead(deps: TRenewalDeps, id: string): Promise<TPreRead | null> {
  const sub = await subOf(deps.db, id);
  if (!sub) return null;
  const amount = await deps.plans.price(
    oneOf(["standard", "advanced"] as const, sub.nextPlan ?? sub.plan, "standard"),
    oneOf(["month", "year"] as const, sub.period, "month"),
    oneOf(["KRW", "USD"] as const, sub.currency, "KRW"),
  );
  const email = await deps.accounts
    .userInfo(sub.userId)
    .then((info) => info.email)
    .catch(() => "");
  return { amount, email };
}

const subOf = subscriptionById;

async function userOf(db: TDrizzle, id: string): Promise<string> {
  return (await subOf(db, id))?.userId ?? "";
}

/** The plan ends: Basic limits from now; nothing the owner made is deleted. */
async function endPlan(deps: TRenewalDeps, tx: TDrizzle, sub: TSubscriptionRow, at: Date): Promise<TStep> {
  await updateSubscription(tx, sub.id, {
    status: "expired",
    autoRenew: false,
    nextAttemptAt: null,
    updatedAt: at,
  });
  await cancelPendingPayments(tx, sub.userId, ["renewal", "upgrade"], at);
  await deps.accounts.setPlanIn(tx, sub.userId, {
    plan: "free",
    paymentStatus: false,
    planStatus: "expired",
  });
  return { mail: "ended", payment: null, planChanged: true, outcome: "ended" };
}

/** Charges the renewal (or issues its invoice); counts a failed try and schedules the next. */
async function attemptRenewal(
  deps: TRenewalDeps,
  tx: TDrizzle,
  sub: TSubscriptionRow,
  at: Date,
  pre: TPreRead,
): Promise<TStep> {
  const end = sub.currentPeriodEnd ?? at;
  const plan = oneOf(["standard", "advanced"] as const, sub.nextPlan ?? sub.plan, "standard");
  const period = oneOf(["month", "year"] as const, sub.period, "month");
  const currency = oneOf(["KRW", "USD"] as const, sub.currency, "KRW");
  let payment = await pendingPaymentOf(tx, sub.userId, "renewal");
  let outcome: "paid" | "invoiced" | "failed" = "invoiced";
  let failure: string | null = null;
  if (!payment) {
    const amount = pre.amount;
    if (amount === null) return endPlan(deps, tx, sub, at);
    payment = await insertPendingPayment(
      tx,
      sub.userId,
      {
        kind: "renewal",
        plan,
        period,
        currency,
        amount,
        provider: sub.provider,
        autoRenew: true,
        periodStart: end,
        periodEnd: addPeriod(end, period),
      },
      at,
    );
  }
  if (!payment) return null;
  const adapter = deps.providers.find((p) => p.name === (sub.provider as TPaymentProvider));
  if (adapter && adapter.name !== "manual") {
    const charged = await adapter.charge(
      {
        paymentId: payment.id,
        amount: payment.amount,
        currency,
        reference: payment.reference,
        email: pre.email,
        userId: sub.userId,
        attempt: sub.renewalAttempts,
      },
      sub.providerRef,
    );
    if (charged.outcome === "paid") {
      await deps.payments.applyPaid(tx, payment.id, charged.providerRef);
      const paid = await paymentById(tx, payment.id);
      return { mail: "receipt", payment: paid ?? payment, planChanged: true, outcome: "renewed" };
    }
    // No answer from the provider counts as a failed try: the next try reads this one back
    // before it charges (Toss), so a charge whose answer was lost is not charged twice.
    outcome = charged.outcome === "unknown" ? "failed" : charged.outcome;
    failure = charged.outcome === "failed" || charged.outcome === "unknown" ? charged.message : null;
  }
  const attempts = sub.renewalAttempts + 1;
  if (attempts > RENEWAL_RETRY_DAYS.length) return endPlan(deps, tx, sub, at);
  const retryDays = RENEWAL_RETRY_DAYS[attempts - 1] ?? 1;
  await updateSubscription(tx, sub.id, {
    status: "past_due",
    renewalAttempts: attempts,
    nextAttemptAt: new Date(end.getTime() + retryDays * DAY_MS),
    updatedAt: at,
  });
  await deps.accounts.setPlanIn(tx, sub.userId, {
    plan: oneOf(["standard", "advanced"] as const, sub.plan, "standard"),
    paymentStatus: false,
    planStatus: "past_due",
  });
  if (outcome === "failed") {
    await notePayment(tx, payment.id, `charge failed: ${failure ?? "unknown"}`.slice(0, 300), at);
  }
  // Each try tells the owner what is due (a manual renewal: the transfer details again).
  return {
    mail: "invoice",
    payment,
    planChanged: true,
    outcome: outcome === "failed" ? "failed" : "invoiced",
  };
}
