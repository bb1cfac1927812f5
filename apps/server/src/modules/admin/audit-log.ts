/**
 * The audit log as the console reads it (every module writes it through `platform/audit.ts`), and
 * the console home: counts of accounts and contents, the week's actions and the latest ones.
 */
import { ADMIN_PAGE_SIZE, type TAuditDoc } from "@vitrine/contract";
import type { TAdminDeps, TAdminPage } from "./deps";
import { DAY_MS, offsetOf } from "./deps";
import { auditCountSince, auditPage, type TAuditRow } from "./queries";

/** The console home's figures. */
export interface TAdminOverview {
  users: number;
  suspended: number;
  supers: number;
  contents: number;
  produced: number;
  audit_week: number;
  recent: TAuditDoc[];
}

/** The audit log's verbs. */
export interface TAuditLog {
  /** The audit log, newest first; `targetId` may also be an account's e-mail ID. */
  auditList(page: number, filter: { action?: string; targetId?: string }): Promise<TAdminPage<TAuditDoc>>;
  overview(): Promise<TAdminOverview>;
}

/** Creates the audit log's verbs. */
export function createAuditLog(deps: Pick<TAdminDeps, "db" | "accounts" | "content" | "now">): TAuditLog {
  const { db, accounts, content, now } = deps;

  async function auditDocs(rows: TAuditRow[]): Promise<TAuditDoc[]> {
    const names = await accounts.operators.emailIds([
      ...rows.map((row) => row.actorId),
      ...rows.filter((row) => row.targetType === "user").map((row) => row.targetId),
    ]);
    return rows.map((row) => ({
      audit_id: row.id,
      actor_id: row.actorId,
      actor_email_id: names.get(row.actorId) ?? null,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      target_label: row.targetType === "user" ? (names.get(row.targetId) ?? null) : null,
      before: row.before ?? null,
      after: row.after ?? null,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    }));
  }

  return {
    async auditList(page, filter) {
      let targetId = filter.targetId || undefined;
      if (targetId?.includes("@")) {
        // Operators know accounts by their e-mail: find its rows by the account's id.
        targetId = (await accounts.operators.byEmailId(targetId))?.id ?? targetId;
      }
      const { rows, total } = await auditPage(
        db,
        { action: filter.action || undefined, targetId },
        offsetOf(page),
        ADMIN_PAGE_SIZE,
      );
      return { docs: await auditDocs(rows), page, page_size: ADMIN_PAGE_SIZE, total };
    },

    async overview() {
      const [people, stock, week, recent] = await Promise.all([
        accounts.operators.counts(),
        content.operators.counts(),
        auditCountSince(db, new Date(now().getTime() - 7 * DAY_MS)),
        auditPage(db, {}, 0, 5),
      ]);
      return {
        users: people.users,
        suspended: people.suspended,
        supers: people.supers,
        contents: stock.contents,
        produced: stock.produced,
        audit_week: week,
        recent: await auditDocs(recent.rows),
      };
    },
  };
}
