/**
 * Admin tables (issue 12): the audit log of the operators' console. Every module writes its
 * console actions through the platform's audit service (platform/audit.ts); modules/admin reads it.
 */
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One console action: who (actor), what (action on a target), when, before/after, why. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: text("id").primaryKey(),
    /** The super account that acted (kept when that account is deleted: the log outlives it). */
    actorId: text("actor_id").notNull(),
    /** `<area>.<verb>`, e.g. `user.trial`, `payment.confirm`. */
    action: text("action").notNull(),
    /** What was acted on: `user`, `content`, `payment`… */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    reason: text("reason"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.createdAt),
    index("admin_audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
    index("admin_audit_log_action_idx").on(t.action, t.createdAt),
  ],
);
