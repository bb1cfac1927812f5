/**
 * The payments service (issue 12): what the calls, the webhooks and the renewal job use. It
 * composes one file per verb group — `checkout.ts` (checkout and the payer's return),
 * `subscription.ts` (cancel, upgrade, downgrade), `console.ts` (the console's list, confirm,
 * reject, refund) — over `settle.ts`, where every way of paying meets (a paid payment gives its
 * plan in the same transaction, through the accounts service), `start.ts` (the provider calls)
 * and `notify.ts` (billing mails). The renewal job (`renewals.ts`, `renewal-charge.ts`: reserve,
 * call, settle — no provider call inside a transaction) and the expiry of card checkouts left
 * pending (`expiry.ts`) run beside it; docs/architecture.md's Billing says how each was decided.
 * SQL lives in `queries.ts`.
 */
import { AppError, type TPaymentDoc, type TPaymentProvider, type TSubscriptionDoc } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import { createCheckout, type TCheckout } from "./checkout";
import { createPaymentConsole, type TPaymentConsole } from "./console";
import { paymentDocOf, providersByName, type TPaymentsDeps } from "./deps";
import { toSubscriptionDoc } from "./docs";
import { createNotify, type TNotify } from "./notify";
import {
  cancelPendingPayments,
  deleteSubscriptionOf,
  paymentOfOwner,
  paymentsOfOwner,
  subscriptionOf,
} from "./queries";
import { createSettlement, type TSettlement } from "./settle";
import { createProviderCalls, type TProviderCalls } from "./start";
import { createSubscriptionChanges, type TSubscriptionChanges } from "./subscription";

export type { TPaymentDecision } from "./console";
export type { TPaymentsDeps } from "./deps";

/** The payments verbs. */
export interface TPaymentsService
  extends TCheckout,
    TSubscriptionChanges,
    TPaymentConsole,
    Pick<TSettlement, "applyPaid" | "applyRefunded" | "afterPaid"> {
  /** Providers this deployment offers (manual first). */
  providerNames(): TPaymentProvider[];
  detail(auth: TAuth, paymentId: string): Promise<TPaymentDoc>;
  account(auth: TAuth): Promise<{ subscription: TSubscriptionDoc | null; payments: TPaymentDoc[] }>;
  /** Sends one billing mail about a user (never throws: a mail failure is logged). */
  notify: TNotify;
  /** Closes cancelled payments' pages at their providers (best effort, after the commit). */
  closePages: TProviderCalls["close"];
  /** Ends a deleted account's subscription; its payments stay as the accounting record. */
  removeOwnerData(userId: string): Promise<void>;
}

/** Creates the payments service. */
export function createPaymentsService(deps: TPaymentsDeps): TPaymentsService {
  const { db, now } = deps;
  const providers = providersByName(deps.providers);
  const docOf = paymentDocOf(deps);
  const notify = createNotify(deps);
  const settle = createSettlement(deps, notify);
  const calls = createProviderCalls(deps, providers, settle);

  return {
    ...createCheckout(deps, providers, calls, settle),
    ...createSubscriptionChanges(deps, calls),
    ...createPaymentConsole(deps, settle),
    applyPaid: settle.applyPaid,
    applyRefunded: settle.applyRefunded,
    afterPaid: settle.afterPaid,
    notify,
    closePages: calls.close,

    // Offered to owners: every configured provider (the web carries each one's step and return).
    providerNames: () => deps.providers.map((p) => p.name),

    async detail(auth, paymentId) {
      const row = await paymentOfOwner(db, auth.userId, paymentId);
      if (!row) throw new AppError("notFound");
      return docOf(row);
    },

    async account(auth) {
      const sub = await subscriptionOf(db, auth.userId);
      const rows = await paymentsOfOwner(db, auth.userId, 50);
      return { subscription: sub ? toSubscriptionDoc(sub) : null, payments: rows.map(docOf) };
    },

    async removeOwnerData(userId) {
      await deleteSubscriptionOf(db, userId);
      await calls.close(await cancelPendingPayments(db, userId, null, now()));
    },
  };
}
