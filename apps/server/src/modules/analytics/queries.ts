/** Analytics queries: the only code that touches the analytics tables. */
import { viewLogs } from "../../db/schema/analytics";
import type { TDrizzle } from "../../platform/types";

/** A view log row ready to insert. */
export type TNewViewLog = typeof viewLogs.$inferInsert;

/** Writes rows with one multi-row INSERT. */
export async function insertViewLogs(db: TDrizzle, rows: TNewViewLog[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(viewLogs).values(rows);
}
