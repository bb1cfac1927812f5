/**
 * Card checkouts left pending (issue 31.7): a `new` or `upgrade` payment at Stripe or Toss that
 * nobody finished — the payer left the page, or a crash cut its provider call or the payer's
 * return — would wait forever. The renewal job expires each one CHECKOUT_EXPIRY_MS after it was
 * made (Stripe's Checkout Session lives 24 h by default, so its page is closed by then anyway):
 * first its provider's record is read back (`recover`), and money that moved pays the payment
 * instead; otherwise it is `cancelled` with a note and its page closed at the provider (a
 * session expired). Money that still arrives later goes back through the late path of the
 * webhook (`webhooks.ts`). A provider that does not answer leaves it for the next run. Manual
 * transfers are never expired: a bank transfer may take days, and an operator decides.
 */
import type { TDrizzle } from "../../platform/types";
import { providerPayment, type TProviders } from "./deps";
import type { TReturnOutcome } from "./providers";
import { cancelPendingPayment, stalePendingPayments, subscriptionOf } from "./queries";
import type { TPaymentsService } from "./service";

/** How long a card checkout may stay pending (ms). */
export const CHECKOUT_EXPIRY_MS = 24 * 3_600_000;

/** At most this many per run; the rest wait for the next. */
const BATCH = 100;

/** What the expiry needs. */
export interface TExpiryDeps {
  db: TDrizzle;
  providers: TProviders;
  payments: Pick<TPaymentsService, "applyPaid" | "afterPaid" | "closePages">;
  logger: { warn(obj: unknown, msg?: string): void };
}

/** Expires (or pays, when the provider says it was paid) the card checkouts left pending before `at`. */
export async function expireStaleCheckouts(
  deps: TExpiryDeps,
  at: Date,
): Promise<{ expired: number; recovered: number }> {
  const done = { expired: 0, recovered: 0 };
  const stale = await stalePendingPayments(deps.db, new Date(at.getTime() - CHECKOUT_EXPIRY_MS), BATCH);
  for (const row of stale) {
    try {
      const adapter = deps.providers.of(row.provider);
      let found: TReturnOutcome = { outcome: "pending" };
      if (adapter?.recover) {
        const sub = await subscriptionOf(deps.db, row.userId);
        const claimed = row.providerRef?.includes(":") ? null : row.providerRef;
        found = await adapter.recover(providerPayment(row, ""), {
          providerRef: claimed,
          savedRef: row.kind === "upgrade" ? (sub?.providerRef ?? null) : null,
        });
      }
      if (found.outcome === "paid") {
        const { providerRef, savedRef } = found;
        const applied = await deps.db.transaction((tx) =>
          deps.payments.applyPaid(tx, row.id, providerRef, savedRef),
        );
        if (applied) {
          await deps.payments.afterPaid(applied.userId, row.id);
          done.recovered += 1;
        }
        continue;
      }
      const note = "expired: not finished at the provider within 24 hours";
      const cancelled = await cancelPendingPayment(deps.db, row.id, note, at);
      await deps.payments.closePages(cancelled.filter((c) => c.providerRef && !c.providerRef.includes(":")));
      done.expired += cancelled.length;
    } catch (error) {
      // The provider did not answer: the payment is looked at again by the next run.
      deps.logger.warn({ err: error, paymentId: row.id }, "stale checkout not resolved");
    }
  }
  return done;
}
