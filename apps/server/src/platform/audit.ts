/**
 * The audit service (issue 12): every console action, in any module, writes one row of
 * `admin_audit_log` — who (the super account), what (action on a target), when, before/after and
 * the reason. It lives in the platform because every module uses it: modules receive it in their
 * dependencies (`TAuditService`) and call `audit(...)`, passing their transaction when the change
 * and its row must land together; the admin module reads the log for the console.
 */
import { newId } from "@vitrine/contract";
import { adminAuditLog } from "../db/schema/admin";
import type { TDrizzle } from "./types";

/** One console action to record. */
export interface TAuditEntry {
  /** The super account that acted. */
  actorId: string;
  /** `<area>.<verb>`, e.g. `user.trial`, `payment.confirm`. */
  action: string;
  /** What was acted on: `user`, `content`, `payment`… */
  targetType: string;
  targetId: string;
  /** What the target looked like before and after (small snapshots of the changed fields). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
}

/** Records console actions. */
export interface TAuditService {
  /**
   * Writes one audit row. With `tx` (a transaction, or any db handle) the row is written there,
   * so it commits or rolls back with the caller's change.
   */
  audit(entry: TAuditEntry, tx?: TDrizzle): Promise<void>;
}

/** Creates the audit service over the platform's database. */
export function createAuditService(db: TDrizzle): TAuditService {
  return {
    async audit(entry, tx) {
      await (tx ?? db).insert(adminAuditLog).values({
        id: newId("audit"),
        actorId: entry.actorId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before,
        after: entry.after,
        reason: entry.reason ?? null,
        // The database's clock (microseconds), so rows of one busy second keep their order.
      });
    },
  };
}
