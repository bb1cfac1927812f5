/**
 * The operators' console actions on payments: the list, confirm (the payment is paid and its
 * plan given), reject (the plan stays) and refund (a refund of the running period ends the plan
 * at once). Each change commits with its audit row; mails and plan listeners run after.
 */
import { ADMIN_PAGE_SIZE, AppError, type TAdminPaymentDoc } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TPaymentsDeps } from "./deps";
import { paymentDocOf } from "./deps";
import { paymentById, paymentPage, setPaymentStatus, type TPaymentRow } from "./queries";
import type { TSettlement } from "./settle";

/** A console decision's answer. */
export interface TPaymentDecision {
  doc: TAdminPaymentDoc;
  active_plane: "free" | "basic" | "standard" | "advanced" | "contact-us";
  payment_status: boolean;
}

/** The console's payment verbs. */
export interface TPaymentConsole {
  adminList(
    page: number,
    status?: string,
    userId?: string,
  ): Promise<{ docs: TAdminPaymentDoc[]; total: number }>;
  confirm(actor: TAuth, paymentId: string, reason: string | null): Promise<TPaymentDecision>;
  reject(actor: TAuth, paymentId: string, reason: string): Promise<TPaymentDecision>;
  refund(actor: TAuth, paymentId: string, reason: string): Promise<TPaymentDecision>;
}

const snapshot = (row: TPaymentRow) => ({
  status: row.status,
  plan: row.plan,
  amount: row.amount,
  kind: row.kind,
});

/** Creates the console's payment verbs. */
export function createPaymentConsole(
  deps: Pick<TPaymentsDeps, "db" | "accounts" | "audit" | "transfer" | "now">,
  settle: TSettlement,
): TPaymentConsole {
  const { db, accounts, audit, now } = deps;
  const docOf = paymentDocOf(deps);

  async function adminDocs(rows: TPaymentRow[]): Promise<TAdminPaymentDoc[]> {
    const emails = await accounts.operators.emailIds([...new Set(rows.map((r) => r.userId))]);
    return rows.map((row) => ({
      ...docOf(row),
      user_id: row.userId,
      email_id: emails.get(row.userId) ?? null,
    }));
  }

  async function decision(paymentId: string): Promise<TPaymentDecision> {
    const row = await paymentById(db, paymentId);
    if (!row) throw new AppError("notFound");
    const [doc] = await adminDocs([row]);
    if (!doc) throw new AppError("notFound");
    const info = await accounts.userInfo(row.userId).catch(() => null);
    return {
      doc,
      active_plane: info?.active_plane ?? "free",
      payment_status: info?.payment_status ?? false,
    };
  }

  return {
    async adminList(page, status, userId) {
      const { rows, total } = await paymentPage(
        db,
        { status, userId },
        (page - 1) * ADMIN_PAGE_SIZE,
        ADMIN_PAGE_SIZE,
      );
      return { docs: await adminDocs(rows), total };
    },

    async confirm(actor, paymentId, reason) {
      const applied = await db.transaction(async (tx) => {
        const before = await paymentById(tx, paymentId, true);
        if (!before) throw new AppError("notFound");
        const done = await settle.applyPaid(tx, paymentId, null);
        if (!done) throw new AppError("paymentNotPending");
        const after = await paymentById(tx, paymentId);
        await audit.audit(
          {
            actorId: actor.userId,
            action: "payment.confirm",
            targetType: "payment",
            targetId: paymentId,
            before: snapshot(before),
            after: after
              ? {
                  ...snapshot(after),
                  user_id: after.userId,
                  period_end: after.periodEnd?.toISOString() ?? null,
                }
              : null,
            reason,
          },
          tx,
        );
        return done;
      });
      await settle.afterPaid(applied.userId, paymentId);
      return decision(paymentId);
    },

    async reject(actor, paymentId, reason) {
      await db.transaction(async (tx) => {
        const before = await paymentById(tx, paymentId, true);
        if (!before) throw new AppError("notFound");
        if (before.status !== "pending") throw new AppError("paymentNotPending");
        await setPaymentStatus(tx, paymentId, "rejected", reason, now());
        await audit.audit(
          {
            actorId: actor.userId,
            action: "payment.reject",
            targetType: "payment",
            targetId: paymentId,
            before: snapshot(before),
            after: { ...snapshot(before), status: "rejected", user_id: before.userId },
            reason,
          },
          tx,
        );
      });
      return decision(paymentId);
    },

    async refund(actor, paymentId, reason) {
      const userId = await db.transaction(async (tx) => {
        const before = await paymentById(tx, paymentId, true);
        if (!before) throw new AppError("notFound");
        if (before.status !== "paid") throw new AppError("paymentNotPaid");
        const { planEnded } = await settle.refundIn(tx, before, reason);
        await audit.audit(
          {
            actorId: actor.userId,
            action: "payment.refund",
            targetType: "payment",
            targetId: paymentId,
            before: snapshot(before),
            after: {
              ...snapshot(before),
              status: "refunded",
              user_id: before.userId,
              plan_ended: planEnded,
            },
            reason,
          },
          tx,
        );
        return before.userId;
      });
      await accounts.planChanged(userId);
      return decision(paymentId);
    },
  };
}
