/**
 * One renewal charge in three steps, so that no network call runs inside a transaction (issue
 * 31.5: on the embedded database a transaction holds the only connection, and a provider that
 * takes 40 s stalled every request for 40 s):
 *
 * 1. **reserve** (`reserveRenewal`, inside the job's short transaction that locks the
 *    subscription): the pending renewal payment is found or stored and marked
 *    `charging_since = now`; commit.
 * 2. **call** (`chargeReserved`): the provider is asked with no transaction open, under the key
 *    of this payment and try (Toss: order id `<payment id>[-<try>]`; Stripe:
 *    `charge-<payment id>-<try>`); the try is the subscription's `renewal_attempts`, which only
 *    step 3 counts up.
 * 3. **settle** (`settleCharge`, a second short transaction): only the reservation's own worker
 *    settles (its `charging_since` still stands); the mark is cleared with the outcome.
 *
 * A crash between the steps leaves the mark: runs within CHARGE_LEASE_MS leave the payment
 * alone (its call may still be out), and the first run after the lease takes it over with the
 * same try, hence the same key, and each adapter reads its earlier tries back before charging, so
 * money that moved is found rather than charged again. A payment cancelled while its charge was
 * out (the owner cancelled, or paid by a new checkout) gets that charge's money back.
 */
import { RENEWAL_RETRY_DAYS } from "@vitrine/contract";
import type { TDrizzle } from "../../platform/types";
import { oneOf } from "./docs";
import type { TBillingMail } from "./mails";
import { addPeriod } from "./periods";
import type { TChargeOutcome, TProviderAdapter } from "./providers";
import {
  cancelPendingPayments,
  insertPendingPayment,
  notePayment,
  paymentById,
  pendingPaymentOf,
  setPaymentCharging,
  setPaymentProviderRef,
  subscriptionOf,
  type TCancelled,
  type TPaymentRow,
  type TSubscriptionRow,
  updateSubscription,
} from "./queries";
import type { TRenewalDeps, TRenewalRun } from "./renewals";

const DAY_MS = 86_400_000;

/**
 * How long a reserved charge belongs to its worker (ms). Longer than any charge can take: Toss
 * resends for 40 s and reads back (30 s a call), Stripe's SDK tries three times (20 s each).
 */
export const CHARGE_LEASE_MS = 10 * 60_000;

/** What a renewal step did, and what follows its commit. */
export type TStep = {
  mail: TBillingMail | null;
  payment: TPaymentRow | null;
  planChanged: boolean;
  outcome: keyof TRenewalRun;
  /** Payments cancelled by the step, whose provider pages are closed after the commit. */
  closed?: TCancelled[];
} | null;

/** A renewal charge reserved in step 1, for steps 2 and 3. */
export interface TReservedCharge {
  sub: TSubscriptionRow;
  payment: TPaymentRow;
  adapter: TProviderAdapter;
  /** The reservation's mark (`charging_since`): only its holder settles. */
  reservedAt: Date;
}

/** The renewal's price and the owner's e-mail, read before the row is locked. */
export interface TPreRead {
  amount: number | null;
  email: string;
}

/** The plan ends: Basic limits from now; nothing the owner made is deleted. */
export async function endPlan(
  deps: TRenewalDeps,
  tx: TDrizzle,
  sub: TSubscriptionRow,
  at: Date,
): Promise<TStep> {
  await updateSubscription(tx, sub.id, {
    status: "expired",
    autoRenew: false,
    nextAttemptAt: null,
    updatedAt: at,
  });
  const closed = await cancelPendingPayments(tx, sub.userId, ["renewal", "upgrade"], at);
  await deps.accounts.setPlanIn(tx, sub.userId, {
    plan: "free",
    paymentStatus: false,
    planStatus: "expired",
  });
  return { mail: "ended", payment: null, planChanged: true, outcome: "ended", closed };
}

/**
 * Step 1, in the caller's transaction (the subscription is locked): the pending renewal
 * payment, reserved for a charge. A manual renewal is invoiced at once (no network call);
 * null when a charge of this payment is still out within its lease.
 */
export async function reserveRenewal(
  deps: TRenewalDeps,
  tx: TDrizzle,
  sub: TSubscriptionRow,
  at: Date,
  pre: TPreRead,
): Promise<{ step: TStep } | { charge: TReservedCharge } | null> {
  const end = sub.currentPeriodEnd ?? at;
  const period = oneOf(["month", "year"] as const, sub.period, "month");
  let payment = await pendingPaymentOf(tx, sub.userId, "renewal");
  if (!payment) {
    if (pre.amount === null) return { step: await endPlan(deps, tx, sub, at) };
    payment = await insertPendingPayment(
      tx,
      sub.userId,
      {
        kind: "renewal",
        plan: oneOf(["standard", "advanced"] as const, sub.nextPlan ?? sub.plan, "standard"),
        period,
        currency: oneOf(["KRW", "USD"] as const, sub.currency, "KRW"),
        amount: pre.amount,
        provider: sub.provider,
        autoRenew: true,
        periodStart: end,
        periodEnd: addPeriod(end, period),
      },
      at,
    );
  }
  if (!payment) return null;
  const adapter = deps.providers.find((p) => p.name === sub.provider);
  if (!adapter || adapter.name === "manual") {
    return { step: await countTry(deps, tx, sub, payment, at, { outcome: "invoiced" }) };
  }
  if (payment.chargingSince && at.getTime() - payment.chargingSince.getTime() < CHARGE_LEASE_MS) return null;
  await setPaymentCharging(tx, payment.id, at);
  return { charge: { sub, payment, adapter, reservedAt: at } };
}

/** Steps 2 and 3: the provider is called outside any transaction, then its answer is settled. */
export async function chargeReserved(
  deps: TRenewalDeps,
  reserved: TReservedCharge,
  pre: TPreRead,
  at: Date,
): Promise<TStep> {
  const { sub, payment, adapter } = reserved;
  const charged = await adapter.charge(
    {
      paymentId: payment.id,
      amount: payment.amount,
      currency: oneOf(["KRW", "USD"] as const, payment.currency, "KRW"),
      reference: payment.reference,
      email: pre.email,
      userId: sub.userId,
      attempt: sub.renewalAttempts,
    },
    sub.providerRef,
  );
  const { step, late } = await deps.db.transaction((tx) => settleCharge(deps, tx, reserved, charged, at));
  if (late) await giveBack(deps, adapter, payment.id, late, at);
  return step;
}

/** Step 3: the outcome of the reservation's charge, if the reservation is still this worker's. */
async function settleCharge(
  deps: TRenewalDeps,
  tx: TDrizzle,
  reserved: TReservedCharge,
  charged: TChargeOutcome,
  at: Date,
): Promise<{ step: TStep; late: string | null }> {
  const sub = await subscriptionOf(tx, reserved.sub.userId, true);
  const payment = await paymentById(tx, reserved.payment.id, true);
  if (!payment) return { step: null, late: null };
  const isOurs = payment.chargingSince?.getTime() === reserved.reservedAt.getTime();
  if (isOurs) await setPaymentCharging(tx, payment.id, null);
  if (payment.status !== "pending") {
    // Cancelled while the charge was out: money it took goes back (unless this very charge paid it).
    if (charged.outcome === "unknown") {
      const note = `cancelled while its charge went unanswered: ${charged.message}`;
      await notePayment(tx, payment.id, note.slice(0, 300), at);
    }
    const isLate =
      charged.outcome === "paid" &&
      !(payment.status === "paid" && payment.providerRef === charged.providerRef);
    return { step: null, late: isLate ? (charged.providerRef ?? "") : null };
  }
  // Taken over after the lease by another run: that run settles, under the same key.
  if (!isOurs || !sub) return { step: null, late: null };
  if (charged.outcome === "paid") {
    await deps.payments.applyPaid(tx, payment.id, charged.providerRef);
    const paid = await paymentById(tx, payment.id);
    return {
      step: { mail: "receipt", payment: paid ?? payment, planChanged: true, outcome: "renewed" },
      late: null,
    };
  }
  if (charged.outcome === "action") await setPaymentProviderRef(tx, payment.id, charged.providerRef);
  return { step: await countTry(deps, tx, sub, payment, at, charged), late: null };
}

/** Gives back the money of a charge that came back paid for a payment no longer wanted. */
async function giveBack(
  deps: TRenewalDeps,
  adapter: TProviderAdapter,
  paymentId: string,
  providerRef: string,
  at: Date,
): Promise<void> {
  let note = `charged at ${adapter.name} after it was cancelled (${providerRef}); refund by hand`;
  try {
    if (adapter.refund && providerRef) {
      const refundId = await adapter.refund(providerRef, `late-${paymentId}`);
      note = `charged at ${adapter.name} after it was cancelled; refunded (${refundId})`;
    }
  } catch (error) {
    deps.logger.warn({ err: error, paymentId }, "late renewal charge not refunded");
  }
  await notePayment(deps.db, paymentId, note.slice(0, 300), at);
}

/**
 * A try that did not pay: the subscription is past due until the next try (RENEWAL_RETRY_DAYS
 * after the period's end), or the plan ends after the last. Each try tells the owner what is
 * due: the invoice (manual: the transfer details again), or the bank's confirmation to give.
 */
async function countTry(
  deps: TRenewalDeps,
  tx: TDrizzle,
  sub: TSubscriptionRow,
  payment: TPaymentRow,
  at: Date,
  charged: Exclude<TChargeOutcome, { outcome: "paid" }>,
): Promise<TStep> {
  const end = sub.currentPeriodEnd ?? at;
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
  if (charged.outcome === "action") {
    await notePayment(tx, payment.id, `confirmation required: ${charged.message}`.slice(0, 300), at);
    return { mail: "confirm", payment, planChanged: true, outcome: "confirming" };
  }
  if (charged.outcome === "failed" || charged.outcome === "unknown") {
    await notePayment(tx, payment.id, `charge failed: ${charged.message}`.slice(0, 300), at);
    return { mail: "invoice", payment, planChanged: true, outcome: "failed" };
  }
  return { mail: "invoice", payment, planChanged: true, outcome: "invoiced" };
}
