/** Queries of the admin tables. Only modules/admin calls them. */
import { and, count, desc, eq, gte, type SQL } from "drizzle-orm";
import { adminAuditLog } from "../../db/schema/admin";
import type { TDrizzle } from "../../platform/types";

/** An audit row. */
export type TAuditRow = typeof adminAuditLog.$inferSelect;

/** Filters of the audit list. */
export interface TAuditFilter {
  action?: string;
  targetId?: string;
}

function whereOf(filter: TAuditFilter): SQL | undefined {
  return and(
    filter.action ? eq(adminAuditLog.action, filter.action) : undefined,
    filter.targetId ? eq(adminAuditLog.targetId, filter.targetId) : undefined,
  );
}

/** One page of audit rows, newest first, and how many match. */
export async function auditPage(
  db: TDrizzle,
  filter: TAuditFilter,
  offset: number,
  limit: number,
): Promise<{ rows: TAuditRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ n: count() }).from(adminAuditLog).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** Audit rows written since `since`. */
export async function auditCountSince(db: TDrizzle, since: Date): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(adminAuditLog)
    .where(gte(adminAuditLog.createdAt, since));
  return counted?.n ?? 0;
}
