/**
 * Monthly partitions of the raw view logs and their retention (issue 11): this and next month's
 * partitions are created ahead, and raw rows older than the retention go — whole partitions
 * first (dropped), then the rest row by row. The rollups of those days stay.
 */
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { viewLogs } from "../../db/schema/analytics";
import type { TDrizzle } from "../../platform/types";
import { rowsOf } from "./aggregate";
import { DAY_MS } from "./days";

/** Name of a month's partition. */
export function partitionName(year: number, month: number): string {
  return `view_logs_p${year}${String(month).padStart(2, "0")}`;
}

/** The partition verbs of the rollup job. */
export interface TPartitions {
  /** Deletes raw rows older than the retention (whole partitions first); answers rows deleted. */
  retain(): Promise<number>;
  /** Creates this and next month's partitions. */
  ensurePartitions(): Promise<void>;
}

/** Creates the partition verbs on a database. */
export function createPartitions(
  db: TDrizzle,
  options: { now: () => Date; retentionDays: number; logger: FastifyBaseLogger },
): TPartitions {
  const { now, logger } = options;

  async function ensurePartitions(): Promise<void> {
    const at = now();
    const months: [number, number][] = [];
    for (let i = 0; i < 2; i++) {
      const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + i, 1));
      months.push([d.getUTCFullYear(), d.getUTCMonth() + 1]);
    }
    for (const [year, month] of months) {
      const name = partitionName(year, month);
      const from = `${year}-${String(month).padStart(2, "0")}-01`;
      const next = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics-partitions'))`);
          const exists = rowsOf(await tx.execute(sql`select 1 from pg_class where relname = ${name}`));
          if (exists.length > 0) return;
          await tx.execute(
            sql.raw(
              `create table "${name}" partition of "view_logs" for values from ('${from} 00:00:00+00') to ('${next} 00:00:00+00')`,
            ),
          );
        });
      } catch (error) {
        // Rows of that month already in the default partition: they stay there (still read,
        // still deleted by retention); the next month gets its partition.
        logger.warn(
          { err: error instanceof Error ? error.message : String(error), name },
          "analytics: partition not created",
        );
      }
    }
  }

  async function retain(): Promise<number> {
    const cutoff = new Date(now().getTime() - options.retentionDays * DAY_MS);
    const parts = rowsOf<{ name: string }>(
      await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'view_logs'::regclass`),
    );
    for (const { name } of parts) {
      const m = /^view_logs_p(\d{4})(\d{2})$/.exec(name);
      if (!m) continue;
      const end = Date.UTC(Number(m[1]), Number(m[2]), 1);
      if (end <= cutoff.getTime()) {
        await db.execute(sql.raw(`drop table if exists "${name}"`));
        logger.info({ name }, "analytics: old partition dropped");
      }
    }
    const [gone] = rowsOf<{ n: number }>(
      await db.execute(sql`with gone as (delete from ${viewLogs} where created_at < ${cutoff.toISOString()}::timestamptz returning 1)
        select count(*)::int as n from gone`),
    );
    return gone?.n ?? 0;
  }

  return { retain, ensurePartitions };
}
