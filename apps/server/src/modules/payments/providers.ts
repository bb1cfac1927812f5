/**
 * Payment providers behind one interface (DESIGN "The business half", billing). `manual` is the
 * default and always offered: a bank transfer (or invoice) that an operator confirms in the
 * console. Other providers are offered only when configured.
 */
import type { TPaymentProvider } from "@vitrine/contract";

/** What a provider is told about a payment. */
export interface TProviderPayment {
  paymentId: string;
  amount: number;
  currency: "KRW" | "USD";
  reference: string;
  /** The owner's e-mail, for receipts the provider sends. */
  email: string;
}

/** Where a manual payment goes. */
export interface TTransfer {
  bank: string;
  account: string;
  holder: string;
  reference: string;
}

/** A provider's answer to a new payment. */
export interface TProviderStart {
  /** `pending` until the money arrives (manual: an operator confirms; others: their webhook). */
  status: "pending" | "paid";
  transfer: TTransfer | null;
  providerRef: string | null;
}

/** A provider's answer to a renewal charge. */
export type TChargeOutcome =
  | { outcome: "paid"; providerRef: string | null }
  /** Nothing can be charged automatically: the payment waits (an invoice was issued). */
  | { outcome: "invoiced" }
  | { outcome: "failed"; message: string };

/** One payment provider. */
export interface TProviderAdapter {
  readonly name: TPaymentProvider;
  start(payment: TProviderPayment): Promise<TProviderStart>;
  /** Charges a renewal with the subscription's saved reference (billing key, customer). */
  charge(payment: TProviderPayment, savedRef: string | null): Promise<TChargeOutcome>;
}

/** The manual provider: transfer details from configuration, confirmed by an operator. */
export function manualProvider(transfer: {
  bank: string;
  account: string;
  holder: string;
}): TProviderAdapter {
  return {
    name: "manual",
    async start(payment) {
      return {
        status: "pending",
        transfer: { ...transfer, reference: payment.reference },
        providerRef: null,
      };
    },
    async charge() {
      return { outcome: "invoiced" };
    },
  };
}
