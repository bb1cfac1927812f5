/** Billing mails about a user: receipts, renewal reminders, invoices, the end of a plan. */
import type { TPaymentsDeps } from "./deps";
import { transferOf } from "./deps";
import { oneOf } from "./docs";
import { billingMail, type TBillingMail } from "./mails";
import type { TPaymentRow, TSubscriptionRow } from "./queries";

/** Sends one billing mail about a user (never throws: a mail failure is logged). */
export type TNotify = (
  userId: string,
  kind: TBillingMail,
  payment: TPaymentRow | null,
  sub: TSubscriptionRow | null,
) => Promise<void>;

/** Creates the billing mail sender. */
export function createNotify(
  deps: Pick<TPaymentsDeps, "accounts" | "mail" | "transfer" | "publicUrl" | "logger">,
): TNotify {
  return async (userId, kind, payment, sub) => {
    try {
      const info = await deps.accounts.userInfo(userId);
      const transfer = transferOf(deps);
      await deps.mail.send(
        billingMail(kind, {
          to: info.email,
          language: info.language,
          plan: payment?.plan ?? sub?.plan ?? "standard",
          amount: payment?.amount ?? null,
          currency: oneOf(["KRW", "USD"] as const, payment?.currency ?? sub?.currency ?? "KRW", "KRW"),
          periodEnd: payment?.periodEnd ?? sub?.currentPeriodEnd ?? null,
          paymentId: payment?.id ?? null,
          transfer:
            kind === "invoice" && transfer && payment ? { ...transfer, reference: payment.reference } : null,
          link: `${deps.publicUrl}/Studio/user/account`,
        }),
      );
    } catch (error) {
      deps.logger.warn({ err: error, userId, kind }, "billing mail not sent");
    }
  };
}
