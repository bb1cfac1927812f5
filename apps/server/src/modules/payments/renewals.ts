/**
 * The renewal job (issue 12): for each subscription, a reminder e-mail 7 days before its period
 * ends; at the end, either the plan ends (cancelled, or no automatic-renewal consent) or the
 * renewal is charged through the provider, retried with back-off (RENEWAL_RETRY_DAYS), and the
 * plan ends after the last retry. An ended plan falls to Basic: nothing is deleted. What is due
 * is decided in one short transaction that locks the subscription; a charge goes out only after
 * it commits (`renewal-charge.ts`: reserve, call, settle).
 */
import { RENEWAL_REMINDER_DAYS } from "@vitrine/contract";
import type { TDrizzle } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TPlansService } from "../plans/service";
import { oneOf } from "./docs";
import type { TProviderAdapter } from "./providers";
import {
  lockSubscriptionUnlessTaken,
  renewableSubscriptionIds,
  subscriptionById,
  updateSubscription,
} from "./queries";
import {
  chargeReserved,
  endPlan,
  reserveRenewal,
  type TPreRead,
  type TReservedCharge,
  type TStep,
} from "./renewal-charge";
import type { TPaymentsService } from "./service";

const DAY_MS = 86_400_000;

/** What the renewal job needs. */
export interface TRenewalDeps {
  db: TDrizzle;
  accounts: Pick<TAccountsService, "userInfo" | "setPlanIn" | "planChanged">;
  plans: Pick<TPlansService, "price">;
  payments: Pick<TPaymentsService, "applyPaid" | "notify" | "closePages">;
  providers: readonly TProviderAdapter[];
  logger: { warn(obj: unknown, msg?: string): void };
}

/** What one run did, for logs and tests. */
export interface TRenewalRun {
  reminded: number;
  renewed: number;
  invoiced: number;
  failed: number;
  /** Renewals whose card asks the owner to confirm (SCA): past due, the owner told. */
  confirming: number;
  ended: number;
}

/** Runs every renewal step due at `at`. Safe to run on several instances at once (row locks). */
export async function runRenewals(deps: TRenewalDeps, at: Date): Promise<TRenewalRun> {
  const { db } = deps;
  const run: TRenewalRun = { reminded: 0, renewed: 0, invoiced: 0, failed: 0, confirming: 0, ended: 0 };
  const due = await renewableSubscriptionIds(db);
  for (const id of due) {
    try {
      // Read outside the transaction: on PGlite the transaction holds the only connection.
      const pre = await preRead(deps, id);
      if (!pre) continue;
      const decided = await db.transaction((tx) => decide(deps, tx, id, at, pre));
      if (!decided) continue;
      const step = "charge" in decided ? await chargeReserved(deps, decided.charge, pre, at) : decided.step;
      if (!step) continue;
      run[step.outcome] += 1;
      if (step.closed?.length) await deps.payments.closePages(step.closed);
      if (step.planChanged) await deps.accounts.planChanged(await userOf(db, id));
      if (step.mail) {
        await deps.payments.notify(await userOf(db, id), step.mail, step.payment, await subOf(db, id));
      }
    } catch (error) {
      deps.logger.warn({ err: error, subscription: id }, "renewal step failed");
    }
  }
  return run;
}

/**
 * What is due for one subscription, in a short transaction holding its row: a reminder, the end
 * of the plan, or the renewal (invoiced, or reserved for a charge made after the commit).
 */
async function decide(
  deps: TRenewalDeps,
  tx: TDrizzle,
  id: string,
  at: Date,
  pre: TPreRead,
): Promise<{ step: TStep } | { charge: TReservedCharge } | null> {
  const sub = await lockSubscriptionUnlessTaken(tx, id);
  if (!sub?.currentPeriodEnd) return null;
  const end = sub.currentPeriodEnd.getTime();
  if (end > at.getTime()) {
    if (end > at.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS) return null;
    if (sub.remindedFor?.getTime() === end) return null;
    await updateSubscription(tx, sub.id, {
      remindedFor: sub.currentPeriodEnd,
      updatedAt: at,
    });
    const willRenew = sub.status === "active" && sub.autoRenew;
    return {
      step: {
        mail: willRenew ? "reminderRenew" : "reminderEnd",
        payment: null,
        planChanged: false,
        outcome: "reminded",
      },
    };
  }
  if (sub.status === "cancelled" || !sub.autoRenew) return { step: await endPlan(deps, tx, sub, at) };
  if (sub.nextAttemptAt && sub.nextAttemptAt.getTime() > at.getTime()) return null;
  return reserveRenewal(deps, tx, sub, at, pre);
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
