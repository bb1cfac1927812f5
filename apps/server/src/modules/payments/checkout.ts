/**
 * Checkout: an owner starts paying for a plan (a pending payment, started at its provider), and
 * comes back from the provider's page to finish it (`returned`, idempotent).
 */
import {
  AppError,
  type TCurrency,
  type TPaymentDoc,
  type TPaymentProvider,
  type TPlanPeriod,
  type TProviderStep,
  type TSoldPlan,
} from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TPaymentsDeps, TProviders } from "./deps";
import { isRunning, paymentDocOf, providerPayment } from "./deps";
import type { TProviderAdapter } from "./providers";
import {
  cancelPendingPayments,
  claimPendingPayment,
  failPendingPayment,
  insertPendingPayment,
  paymentOfOwner,
  releasePendingClaim,
  subscriptionOf,
  type TCancelled,
} from "./queries";
import type { TSettlement } from "./settle";
import type { TProviderCalls } from "./start";

/** What an owner chooses at checkout. */
export interface TCheckoutInput {
  plan: TSoldPlan;
  period: TPlanPeriod;
  currency: TCurrency;
  provider: TPaymentProvider;
  auto_renew: boolean;
}

/** The checkout verbs. */
export interface TCheckout {
  checkout(auth: TAuth, input: TCheckoutInput): Promise<{ doc: TPaymentDoc; step: TProviderStep | null }>;
  /** The payer came back from the provider's page: finish the payment there (idempotent). */
  returned(
    auth: TAuth,
    input: { payment_id: string; auth_key?: string; customer_key?: string },
  ): Promise<TPaymentDoc>;
}

/** Creates the checkout verbs. */
export function createCheckout(
  deps: Pick<TPaymentsDeps, "db" | "accounts" | "plans" | "transfer" | "now">,
  providers: TProviders,
  calls: TProviderCalls,
  settle: Pick<TSettlement, "applyPaid" | "afterPaid">,
): TCheckout {
  const { db, accounts, now } = deps;
  const docOf = paymentDocOf(deps);

  return {
    async checkout(auth, input) {
      const chosen = providers.find(input.provider);
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
        // One checkout waits at a time: an earlier one the owner left is cancelled, and so is a
        // renewal still due (past due, or its card asks for a confirmation): this checkout pays
        // instead. A renewal charge out at that moment gives its money back when it settles.
        left = await cancelPendingPayments(tx, auth.userId, ["new", "renewal"], now());
        const created = await insertPendingPayment(
          tx,
          auth.userId,
          {
            kind: "new",
            plan: input.plan,
            period: input.period,
            currency: input.currency,
            amount,
            provider: input.provider,
            autoRenew: input.auto_renew,
          },
          now(),
        );
        if (!created) throw new Error("payment insert returned no row");
        return created;
      });
      await calls.close(left);
      const started = await calls.start(row, info.email);
      return { doc: docOf(started.row), step: started.step };
    },

    async returned(auth, input) {
      const row = await paymentOfOwner(db, auth.userId, input.payment_id);
      if (!row) throw new AppError("notFound");
      const adapter = providers.of(row.provider);
      if (row.status !== "pending" || !adapter?.finish) return docOf(row);
      // A provider that charges on return (Toss) runs once: the first return claims the payment.
      if (row.providerRef === null) {
        const isClaimed = await claimPendingPayment(db, row.id, `${row.provider}:returning`, now());
        if (!isClaimed) return docOf(await calls.fresh(row));
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
        if (row.providerRef === null) await releasePendingClaim(db, row.id);
        throw error;
      }
      if (outcome.outcome === "paid") {
        const { providerRef, savedRef } = outcome;
        const applied = await db.transaction((tx) => settle.applyPaid(tx, row.id, providerRef, savedRef));
        if (applied) await settle.afterPaid(applied.userId, row.id);
      } else if (outcome.outcome === "failed") await failPendingPayment(db, row.id, outcome.message, now());
      return docOf(await calls.fresh(row));
    },
  };
}
