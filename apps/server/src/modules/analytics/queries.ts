/** Analytics queries: the only code that touches the analytics tables. */
import { sql } from "drizzle-orm";
import { viewLogs } from "../../db/schema/analytics";
import type { TDrizzle } from "../../platform/types";

/** A view log row ready to insert. */
export type TNewViewLog = typeof viewLogs.$inferInsert;

/**
 * Writes rows with one INSERT of one array per column (`unnest`): 18 parameters whatever the
 * batch size, instead of 18 per row that the query builder turns into SQL one by one (at 500
 * rows a batch that building was the intake's largest cost).
 */
export async function insertViewLogs(db: TDrizzle, rows: TNewViewLog[]): Promise<void> {
  if (rows.length === 0) return;
  const at = new Date();
  const column = <T>(pick: (r: TNewViewLog) => T) => sql.param(rows.map(pick));
  await db.execute(sql`insert into ${viewLogs} (id, created_at, content_owner_id, content_type, content_id,
      page_type, action, path, session_id, visit_user_id, visitor_hash, browser, browser_version, os, device,
      inflow, duration, detail)
    select * from unnest(
      ${column((r) => r.id)}::text[],
      ${column((r) => (r.createdAt ?? at).toISOString())}::timestamptz[],
      ${column((r) => r.contentOwnerId ?? "")}::text[],
      ${column((r) => r.contentType)}::text[],
      ${column((r) => r.contentId ?? "")}::text[],
      ${column((r) => r.pageType)}::text[],
      ${column((r) => r.action)}::text[],
      ${column((r) => r.path)}::text[],
      ${column((r) => r.sessionId)}::text[],
      ${column((r) => r.visitUserId ?? "")}::text[],
      ${column((r) => r.visitorHash ?? "")}::text[],
      ${column((r) => r.browser ?? "")}::text[],
      ${column((r) => r.browserVersion ?? "")}::text[],
      ${column((r) => r.os ?? "")}::text[],
      ${column((r) => r.device ?? "desktop")}::text[],
      ${column((r) => r.inflow ?? "direct")}::text[],
      ${column((r) => r.duration ?? null)}::int[],
      ${column((r) => r.detail ?? "")}::text[]
    )`);
}
