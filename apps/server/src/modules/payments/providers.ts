/**
 * Payment providers behind one interface (DESIGN "The business half", billing). `manual` is the
 * default and always offered: a bank transfer (or invoice) that an operator confirms in the
 * console. Other providers are offered only when configured.
 */
import type { TCurrency, TPaymentProvider, TProviderStep } from "@vitrine/contract";

/** What a provider is told about a payment. */
export interface TProviderPayment {
  paymentId: string;
  amount: number;
  currency: "KRW" | "USD";
  reference: string;
  /** The owner's e-mail, for receipts the provider sends. */
  email: string;
  /** The owner (Toss's `customerKey`). */
  userId: string;
  /** The owner agreed to automatic renewal (Stripe then saves the card for later charges). */
  autoRenew?: boolean;
  /** The charge's try for this payment (0 first; a renewal's retries count up). */
  attempt?: number;
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
  /** The provider's page the payer opens next (null: nothing to open). */
  step: TProviderStep | null;
}

/** What the payer brought back from the provider's page (`/payment/:id`). */
export interface TProviderReturn {
  authKey?: string;
  customerKey?: string;
  /** The provider reference stored when the payment started (Stripe's session). */
  providerRef: string | null;
}

/** A provider's answer to a renewal charge. */
export type TChargeOutcome =
  | { outcome: "paid"; providerRef: string | null }
  /** Nothing can be charged automatically: the payment waits (an invoice was issued). */
  | { outcome: "invoiced" }
  | { outcome: "failed"; message: string }
  /**
   * The card's bank asks the payer to confirm (SCA: Stripe's `requires_action`, or an off-session
   * charge refused with `authentication_required`): nothing was charged, and nothing is charged
   * again off-session for this payment; the owner is told to pay it on-session.
   */
  | { outcome: "action"; providerRef: string; message: string }
  /**
   * The provider never answered, even when asked again: the money may or may not have moved.
   * The payment is not marked failed; the provider's record settles it later (its webhook, the
   * payer's next return, or the next renewal try, which reads the earlier tries back first).
   */
  | { outcome: "unknown"; message: string };

/** A return's outcome: paid (with a reusable reference for renewals), failed, or still waiting. */
export type TReturnOutcome =
  | { outcome: "paid"; providerRef: string | null; savedRef: string | null }
  | { outcome: "failed"; message: string }
  | { outcome: "pending" };

/** One payment provider. */
export interface TProviderAdapter {
  readonly name: TPaymentProvider;
  /** The currencies it takes (all when absent). */
  readonly currencies?: readonly TCurrency[];
  start(payment: TProviderPayment): Promise<TProviderStart>;
  /** Charges a renewal with the subscription's saved reference (billing key, customer). */
  charge(payment: TProviderPayment, savedRef: string | null): Promise<TChargeOutcome>;
  /** Finishes a payment when the payer comes back from the provider's page. */
  finish?(payment: TProviderPayment, back: TProviderReturn): Promise<TReturnOutcome>;
  /** Closes a cancelled payment's page at the provider (its `providerRef`), so it cannot be paid. */
  close?(providerRef: string): Promise<void>;
  /**
   * Reads back what the provider holds for a payment whose start or return was cut (a crash, a
   * lost answer): `paid` when its money moved, `pending` when nothing did. Read-only; throws
   * when the provider does not answer.
   */
  recover?(
    payment: TProviderPayment,
    refs: { providerRef: string | null; savedRef: string | null },
  ): Promise<TReturnOutcome>;
  /**
   * Gives a charge's money back in full (`providerRef` as its charge answered it); the key makes
   * a refund asked for again the same refund. Answers the refund's id; throws when refused.
   */
  refund?(providerRef: string, idempotencyKey: string): Promise<string>;
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
        step: null,
      };
    },
    async charge() {
      return { outcome: "invoiced" };
    },
  };
}
