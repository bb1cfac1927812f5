/** What the payments verbs need, and the small pieces several of them use. */
import { AppError, type TPaymentDoc, type TPaymentProvider } from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import type { TDrizzle, TMailer } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TPlansService } from "../plans/service";
import { oneOf, toPaymentDoc } from "./docs";
import type { TProviderAdapter, TProviderPayment } from "./providers";
import type { TPaymentRow, TSubscriptionRow } from "./queries";

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

/** The providers a deployment offers, by name. */
export interface TProviders {
  /** The provider of this name; throws `providerUnavailable` when it is not configured. */
  named(name: TPaymentProvider): TProviderAdapter;
  /** The provider a stored payment names, or undefined when it is no longer configured. */
  of(storedName: string): TProviderAdapter | undefined;
  /** The configured provider of this name, if any (checkout's choice). */
  find(name: TPaymentProvider): TProviderAdapter | undefined;
}

/** Looks providers up by name. */
export function providersByName(providers: readonly TProviderAdapter[]): TProviders {
  const byName = new Map(providers.map((p) => [p.name, p]));
  return {
    named(name) {
      const found = byName.get(name);
      if (!found) throw new AppError("providerUnavailable");
      return found;
    },
    of: (storedName) => byName.get(oneOf(["manual", "toss", "stripe"] as const, storedName, "manual")),
    find: (name) => byName.get(name),
  };
}

/** The transfer details of manual payments, or null when none are configured. */
export function transferOf(deps: Pick<TPaymentsDeps, "transfer">): TPaymentsDeps["transfer"] | null {
  return deps.transfer.account ? deps.transfer : null;
}

/** Maps a stored payment to its owner's document (with the transfer details while it waits). */
export function paymentDocOf(deps: Pick<TPaymentsDeps, "transfer">): (row: TPaymentRow) => TPaymentDoc {
  return (row) => toPaymentDoc(row, transferOf(deps) ?? { bank: "", account: "", holder: "" });
}

/** What a provider is told about a stored payment. */
export function providerPayment(row: TPaymentRow, email: string): TProviderPayment {
  return {
    paymentId: row.id,
    amount: row.amount,
    currency: oneOf(["KRW", "USD"] as const, row.currency, "KRW"),
    reference: row.reference,
    email,
    userId: row.userId,
    autoRenew: row.autoRenew,
  };
}

/** True when the subscription's paid period still runs at `at` (active, or cancelled to its end). */
export function isRunning(sub: TSubscriptionRow | undefined, at: Date): sub is TSubscriptionRow {
  return (
    sub !== undefined &&
    (sub.status === "active" || sub.status === "cancelled") &&
    sub.currentPeriodEnd !== null &&
    sub.currentPeriodEnd.getTime() > at.getTime()
  );
}
