/**
 * Talking to a payment's provider: starting a payment there (or charging the saved reference at
 * once), and closing the pages of payments that were cancelled so they cannot be paid.
 */
import type { TProviderStep } from "@vitrine/contract";
import type { TPaymentsDeps, TProviders } from "./deps";
import { providerPayment } from "./deps";
import { oneOf } from "./docs";
import {
  failPendingPayment,
  notePendingPayment,
  paymentById,
  setPaymentProviderRef,
  type TCancelled,
  type TPaymentRow,
} from "./queries";
import type { TSettlement } from "./settle";

/** The provider calls of the payments verbs. */
export interface TProviderCalls {
  /**
   * Asks the provider to start a payment; a provider that took the money marks it paid. With a
   * saved reference (an upgrade of a subscription paid by card) the provider charges it at once.
   */
  start(
    row: TPaymentRow,
    email: string,
    savedRef?: string | null,
  ): Promise<{ row: TPaymentRow; step: TProviderStep | null }>;
  /**
   * Closes cancelled payments' pages at their providers (Stripe: the Checkout Session expires),
   * so an old page left open cannot be paid. Best effort, after the commit: money that still
   * arrives for a cancelled payment is refunded by the webhook (`webhooks.ts`).
   */
  close(cancelled: TCancelled[]): Promise<void>;
  /** The payment as stored now (after a provider changed it), or `row` when it is gone. */
  fresh(row: TPaymentRow): Promise<TPaymentRow>;
}

/** Creates the provider calls. */
export function createProviderCalls(
  deps: Pick<TPaymentsDeps, "db" | "logger" | "now">,
  providers: TProviders,
  settle: Pick<TSettlement, "applyPaid" | "afterPaid">,
): TProviderCalls {
  const { db, now } = deps;

  async function fresh(row: TPaymentRow): Promise<TPaymentRow> {
    return (await paymentById(db, row.id)) ?? row;
  }

  async function paid(paymentId: string, providerRef: string | null): Promise<void> {
    const applied = await db.transaction((tx) => settle.applyPaid(tx, paymentId, providerRef));
    if (applied) await settle.afterPaid(applied.userId, paymentId);
  }

  return {
    fresh,

    async start(row, email, savedRef = null) {
      const adapter = providers.named(oneOf(["manual", "toss", "stripe"] as const, row.provider, "manual"));
      if (savedRef && adapter.name !== "manual") {
        const charged = await adapter.charge(providerPayment(row, email), savedRef);
        if (charged.outcome === "paid") await paid(row.id, charged.providerRef);
        else if (charged.outcome === "failed") await failPendingPayment(db, row.id, charged.message, now());
        // The provider did not answer: the payment waits, with the reason noted.
        else if (charged.outcome === "unknown") await notePendingPayment(db, row.id, charged.message, now());
        // The card asks the owner to confirm (SCA): nothing was charged; the payment page says so.
        else if (charged.outcome === "action") {
          await setPaymentProviderRef(db, row.id, charged.providerRef);
          await notePendingPayment(db, row.id, `confirmation required: ${charged.message}`, now());
        }
        return { row: await fresh(row), step: null };
      }
      const started = await adapter.start(providerPayment(row, email));
      if (started.status === "paid") await paid(row.id, started.providerRef);
      else if (started.providerRef) await setPaymentProviderRef(db, row.id, started.providerRef);
      return { row: await fresh(row), step: started.status === "paid" ? null : started.step };
    },

    async close(cancelled) {
      for (const row of cancelled) {
        const adapter = providers.of(row.provider);
        if (!adapter?.close || !row.providerRef) continue;
        try {
          await adapter.close(row.providerRef);
        } catch (error) {
          deps.logger.warn({ err: error, paymentId: row.id }, "provider page not closed");
        }
      }
    },
  };
}
