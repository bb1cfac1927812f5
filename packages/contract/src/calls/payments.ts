/**
 * Subscriptions and payments (issue 12; SPEC §3 payment ids; DESIGN "The business half",
 * billing). An owner checks out a plan and period; the provider (manual transfer by default)
 * takes the payment; a confirmed payment gives the plan at once. Operators confirm, reject and
 * mark refunds in the console.
 */
import { z } from "zod";
import { defineCall } from "../call";
import { PLAN_IDS, PLAN_PERIODS, SUBSCRIPTION_STATUSES } from "../plans";
import { ZAdminPage, ZAdminReason } from "./admin";
import { CURRENCIES, PAYMENT_PROVIDERS, SOLD_PLANS } from "./plans";

/** A payment's state. */
export const PAYMENT_STATUSES = ["pending", "paid", "rejected", "failed", "refunded", "cancelled"] as const;
/** A payment's state. */
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a payment exists: a new subscription, a renewal, or the difference of an upgrade. */
export const PAYMENT_KINDS = ["new", "renewal", "upgrade"] as const;

/** Retries of a failed renewal: days after the period's end (back-off), then the plan ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
/** Days before the end of a period that the reminder e-mail goes. */
export const RENEWAL_REMINDER_DAYS = 7;

/** A payment id (SPEC §3): `payment_` + UUID. */
export const ZPaymentId = z
  .string()
  .trim()
  .regex(/^payment_[0-9a-f-]{36}$/, "Not a payment id.");

/** Where to send a manual (bank transfer) payment. */
export const ZTransferDetails = z.object({
  bank: z.string(),
  account: z.string(),
  holder: z.string(),
  /** Write this in the transfer's memo so the operators can match it. */
  reference: z.string(),
});

/** A payment as its owner and the console read it. */
export const ZPaymentDoc = z.object({
  payment_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  kind: z.enum(PAYMENT_KINDS),
  plan: z.enum(SOLD_PLANS),
  period: z.enum(PLAN_PERIODS),
  currency: z.enum(CURRENCIES),
  /** Minor units (won, cents). */
  amount: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The owner agreed to automatic renewal (a separate consent). */
  auto_renew: z.boolean(),
  /** For `manual`: where to transfer; null for other providers. */
  transfer: ZTransferDetails.nullable(),
  /** The period this payment pays for, once known. */
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Why an operator rejected or refunded it. */
  note: z.string().nullable(),
});
/** A payment. */
export type TPaymentDoc = z.infer<typeof ZPaymentDoc>;

/** An owner's subscription. */
export const ZSubscriptionDoc = z.object({
  plan: z.enum(SOLD_PLANS),
  period: z.enum(PLAN_PERIODS),
  currency: z.enum(CURRENCIES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  auto_renew: z.boolean(),
  current_period_end: z.string().nullable(),
  /** A downgrade waiting for the renewal. */
  next_plan: z.enum(SOLD_PLANS).nullable(),
});
/** A subscription. */
export type TSubscriptionDoc = z.infer<typeof ZSubscriptionDoc>;

/**
 * What the web does next for a provider that takes the payment on its own page: `redirect`
 * (Stripe Checkout) opens the URL; `toss_billing` opens Toss's card window
 * (`requestBillingAuth` of the SDK at `sdk_url`), which comes back to `success_url` with
 * `authKey` and `customerKey` (or to `fail_url` with `code` and `message`).
 */
export const ZProviderStep = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("redirect"), url: z.string() }),
  z.object({
    kind: z.literal("toss_billing"),
    client_key: z.string(),
    customer_key: z.string(),
    sdk_url: z.string(),
    success_url: z.string(),
    fail_url: z.string(),
  }),
]);
/** A provider's next step. */
export type TProviderStep = z.infer<typeof ZProviderStep>;

/** Starts paying for a plan and period. */
export const paymentCheckoutCall = defineCall({
  path: "/api/payment/request_checkout",
  module: "payments",
  input: z
    .object({
      plan: z.enum(SOLD_PLANS),
      period: z.enum(PLAN_PERIODS),
      currency: z.enum(CURRENCIES).default("KRW"),
      provider: z.enum(PAYMENT_PROVIDERS).default("manual"),
      /** Separate, unticked by default: renew automatically at the end of each period. */
      auto_renew: z.boolean().default(false),
    })
    .strict(),
  output: z.object({ doc: ZPaymentDoc, step: ZProviderStep.nullable() }),
  auth: "owner",
  rate: "heavy",
  summary:
    "Starts a payment for a plan and period: data.doc with payment_id (payment_…), status and, for manual, the transfer details; data.step is the provider's page to open (null for manual).",
});

/** The payer came back from the provider's page (`/payment/:id`): finish what it started. */
export const paymentReturnCall = defineCall({
  path: "/api/payment/request_payment_return",
  module: "payments",
  input: z
    .object({
      payment_id: ZPaymentId,
      /** Toss: the card window's `authKey` and `customerKey` (query of the success URL). */
      auth_key: z.string().trim().min(1).max(300).optional(),
      customer_key: z.string().trim().min(2).max(300).optional(),
    })
    .strict(),
  output: z.object({ doc: ZPaymentDoc }),
  auth: "owner",
  rate: "heavy",
  summary:
    "After the provider's page: Toss issues the billing key from auth_key and customer_key and charges it; Stripe's session is read back. Answers the payment (paid, failed or still pending).",
});

/** One of the caller's payments (the receipt). */
export const paymentDetailCall = defineCall({
  path: "/api/payment/request_payment_detail",
  module: "payments",
  input: z.object({ payment_id: ZPaymentId }).strict(),
  output: z.object({ doc: ZPaymentDoc }),
  auth: "owner",
  summary: "One of the caller's payments: its status, amount, period and transfer details.",
});

/** The caller's subscription and payments. */
export const paymentAccountCall = defineCall({
  path: "/api/payment/request_payment_account",
  module: "payments",
  input: z.object({}).strict(),
  output: z.object({ subscription: ZSubscriptionDoc.nullable(), payments: z.array(ZPaymentDoc) }),
  auth: "owner",
  summary: "The caller's subscription (or null) and payments, newest first.",
});

/** Cancels: the plan runs to the end of the period, then ends; nothing renews. */
export const paymentCancelCall = defineCall({
  path: "/api/payment/request_cancel",
  module: "payments",
  input: z.object({}).strict(),
  output: z.object({ subscription: ZSubscriptionDoc }),
  auth: "owner",
  summary:
    "Cancels the subscription: it ends at the end of the period; a payment still waiting is cancelled.",
});

/** Upgrades (a payment for the rest of the period, the plan at once) or downgrades (at renewal). */
export const paymentChangePlanCall = defineCall({
  path: "/api/payment/request_change_plan",
  module: "payments",
  input: z.object({ plan: z.enum(SOLD_PLANS) }).strict(),
  output: z.object({ subscription: ZSubscriptionDoc, doc: ZPaymentDoc.nullable() }),
  auth: "owner",
  rate: "heavy",
  summary:
    "Upgrade: a payment of the difference for the rest of the period (plan changes when paid). Downgrade: from the next renewal.",
});

/** A payment as the console lists it (with its owner). */
export const ZAdminPaymentDoc = ZPaymentDoc.extend({
  user_id: z.string(),
  email_id: z.string().nullable(),
});
/** A console payment. */
export type TAdminPaymentDoc = z.infer<typeof ZAdminPaymentDoc>;

/** Console: payments, newest first, filtered by status. */
export const adminPaymentListCall = defineCall({
  path: "/api/admin/request_payment_list",
  module: "payments",
  input: z
    .object({
      page: ZAdminPage,
      status: z.enum(PAYMENT_STATUSES).optional(),
      /** Only this account's payments (the console's account page). */
      user_id: z.string().trim().min(1).max(80).optional(),
    })
    .strict(),
  output: z.object({
    docs: z.array(ZAdminPaymentDoc),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  }),
  auth: "super",
  summary: "Console: payments newest first (20 a page), optionally only one status or one account's.",
});

/** What a confirmed payment did to its owner. */
const ZPaymentDecision = z.object({
  doc: ZAdminPaymentDoc,
  active_plane: z.enum(PLAN_IDS),
  payment_status: z.boolean(),
});

/** Console: confirms a manual payment; the owner's plan changes at once. */
export const adminPaymentConfirmCall = defineCall({
  path: "/api/admin/request_payment_confirm",
  module: "payments",
  input: z.object({ payment_id: ZPaymentId, reason: ZAdminReason.optional() }).strict(),
  output: ZPaymentDecision,
  auth: "super",
  summary:
    "Console: confirms a pending payment; the owner's active_plane, payment_status and plane_info change in the same transaction; audited.",
});

/** Console: rejects a pending payment (nothing changes for the owner's plan). */
export const adminPaymentRejectCall = defineCall({
  path: "/api/admin/request_payment_reject",
  module: "payments",
  input: z.object({ payment_id: ZPaymentId, reason: ZAdminReason }).strict(),
  output: ZPaymentDecision,
  auth: "super",
  summary: "Console: rejects a pending payment with a reason; audited.",
});

/** Console: marks a paid payment refunded; the plan it paid for ends at once. */
export const adminPaymentRefundCall = defineCall({
  path: "/api/admin/request_payment_refund",
  module: "payments",
  input: z.object({ payment_id: ZPaymentId, reason: ZAdminReason }).strict(),
  output: ZPaymentDecision,
  auth: "super",
  summary:
    "Console: marks a paid payment refunded (money returned outside); the plan it paid for ends; audited.",
});
