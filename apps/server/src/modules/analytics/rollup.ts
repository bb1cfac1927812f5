/**
 * Daily rollups, retention and monthly partitions of the raw view logs (issue 11).
 *
 * One aggregation (`aggregateRaw`) turns raw rows into (day, owner, scope, dimension, key)
 * figures; the rollup job stores it per finished day and zone, the report uses it for the days
 * not rolled up yet (today) and for filtered reports. So the report and the job cannot disagree.
 *
 * Safe on several instances: each day is folded in one transaction under an advisory lock of
 * its own (`pg_try_advisory_xact_lock`), skipped when another instance holds it or when its done
 * marker exists; a re-fold deletes the day's rows first, so it is idempotent.
 */
import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { analyticsDaily, analyticsRollupDays, viewLogs } from "../../db/schema/analytics";
import type { TDrizzle } from "../../platform/types";

/** Zones days are counted in (contract `REPORT_ZONES`) and their offsets (no daylight saving). */
export const ZONE_OFFSET_MS: Readonly<Record<string, number>> = { UTC: 0, "Asia/Seoul": 9 * 3_600_000 };
const DAY_MS = 86_400_000;
/** A day is folded once it ended this long ago (rows of slow requests still arrive). */
const SETTLE_MS = 5 * 60_000;
/** Most days one run folds per zone. */
const MAX_DAYS_PER_RUN = 400;

/** One aggregated figure row. */
export interface TFigureRow {
  day: string;
  ownerId: string;
  scope: string;
  dim: string;
  key: string;
  visits: number;
  experiences: number;
  uniques: number;
  seconds: number;
  ended: number;
  opens: number;
  /** Seconds of content experiences. */
  experienceSeconds: number;
}

/** The rows of a raw `execute` result, whichever driver answered (node-postgres or PGlite). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return (Array.isArray(rows) ? rows : []) as T[];
}

/** The instant a day (`YYYY-MM-DD`) starts in a zone. */
export function dayStart(day: string, zone: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - (ZONE_OFFSET_MS[zone] ?? 0));
}

/** The day (`YYYY-MM-DD`) of an instant in a zone. */
export function dayIn(at: Date, zone: string): string {
  return new Date(at.getTime() + (ZONE_OFFSET_MS[zone] ?? 0)).toISOString().slice(0, 10);
}

/** `day` plus `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The report scope of a row: `<type>:<id>` (page rows of a content count as `product`). */
const SCOPE = sql.raw(
  `case when v.content_id <> '' then (case when v.content_type = 'home' then 'product' else v.content_type end) || ':' || v.content_id end`,
);

/**
 * Aggregates raw rows matching `where` (over alias `v`) into figure rows, days counted in
 * `zone`. Visits are `view` rows; uniques distinct daily hashes of them; seconds and `ended`
 * come from `view_end` rows; opens from annotation opens and motion steps.
 */
export async function aggregateRaw(db: TDrizzle, zone: string, where: SQL): Promise<TFigureRow[]> {
  const offset = `${(ZONE_OFFSET_MS[zone] ?? 0) / 1000} seconds`;
  const result = await db.execute(sql`
    select to_char(v.created_at at time zone 'UTC' + ${offset}::interval, 'YYYY-MM-DD') as "day",
      v.content_owner_id as "ownerId", d.scope as "scope", d.dim as "dim", d.key as "key",
      (count(*) filter (where v.action = 'view'))::int as "visits",
      (count(*) filter (where v.action = 'experience'))::int as "experiences",
      (count(distinct v.visitor_hash) filter (where v.action = 'view'))::int as "uniques",
      coalesce(sum(v.duration) filter (where v.action = 'view_end'), 0)::float8 as "seconds",
      (count(*) filter (where v.action = 'view_end'))::int as "ended",
      (count(*) filter (where v.action in ('annotation_open', 'motion_step')))::int as "opens",
      coalesce(sum(v.duration) filter (where v.action = 'experience'), 0)::float8 as "experienceSeconds"
    from ${viewLogs} v
    cross join lateral (values
      ('', 'total', ''),
      ('', 'type', v.content_type),
      ('', 'content', ${SCOPE}),
      ('', 'browser', v.browser),
      ('', 'device', v.device),
      ('', 'os', v.os),
      ('', 'inflow', v.inflow),
      (${SCOPE}, 'total', ''),
      (${SCOPE}, 'browser', v.browser),
      (${SCOPE}, 'device', v.device),
      (${SCOPE}, 'os', v.os),
      (${SCOPE}, 'inflow', v.inflow),
      (${SCOPE}, 'annotation', case when v.action = 'annotation_open' then v.detail end),
      (${SCOPE}, 'motion', case when v.action = 'motion_step' then v.detail end)
    ) as d(scope, dim, key)
    where ${where} and d.scope is not null and d.key is not null
    group by 1, 2, 3, 4, 5`);
  return rowsOf<TFigureRow>(result).map((r) => ({
    ...r,
    seconds: Number(r.seconds),
    experienceSeconds: Number(r.experienceSeconds),
  }));
}

/** Raw rows created in [from, to). */
export function createdBetween(from: Date, to: Date): SQL {
  return sql`v.created_at >= ${from.toISOString()}::timestamptz and v.created_at < ${to.toISOString()}::timestamptz`;
}

/** The rollup job's verbs. */
export interface TRollups {
  /** Folds every finished, not yet folded day (per zone); answers the days folded. */
  run(): Promise<number>;
  /** Folds one day of one zone (again, if `force`); false when another instance holds it. */
  foldDay(zone: string, day: string, options?: { force?: boolean }): Promise<boolean>;
  /** Deletes raw rows older than the retention (whole partitions first); answers rows deleted. */
  retain(): Promise<number>;
  /** Creates this and next month's partitions. */
  ensurePartitions(): Promise<void>;
}

/** Name of a month's partition. */
export function partitionName(year: number, month: number): string {
  return `view_logs_p${year}${String(month).padStart(2, "0")}`;
}

/** Creates the rollup job on a database. */
export function createRollups(
  db: TDrizzle,
  options: { now: () => Date; zones: readonly string[]; retentionDays: number; logger: FastifyBaseLogger },
): TRollups {
  const { now, zones, logger } = options;

  async function foldDay(zone: string, day: string, { force = false } = {}): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext(${`analytics-rollup:${zone}:${day}`})) as ok`,
        ),
      );
      if (!lock?.ok) return false;
      const done = rowsOf(
        await tx.execute(
          sql`select 1 from ${analyticsRollupDays} where zone = ${zone} and day = ${day}::date`,
        ),
      );
      if (done.length > 0 && !force) return true;
      const start = dayStart(day, zone);
      const rows = await aggregateRaw(
        tx as unknown as TDrizzle,
        zone,
        createdBetween(start, new Date(start.getTime() + DAY_MS)),
      );
      await tx.execute(sql`delete from ${analyticsDaily} where zone = ${zone} and day = ${day}::date`);
      for (let i = 0; i < rows.length; i += 1000) {
        await tx.insert(analyticsDaily).values(
          rows.slice(i, i + 1000).map((r) => ({
            zone,
            ownerId: r.ownerId,
            scope: r.scope,
            day: r.day,
            dim: r.dim,
            key: r.key,
            visits: r.visits,
            experiences: r.experiences,
            uniques: r.uniques,
            seconds: r.seconds,
            ended: r.ended,
            opens: r.opens,
            experienceSeconds: r.experienceSeconds,
          })),
        );
      }
      await tx.execute(sql`delete from ${analyticsRollupDays} where zone = ${zone} and day = ${day}::date`);
      await tx.insert(analyticsRollupDays).values({ zone, day, rows: rows.length, doneAt: now() });
      return true;
    });
  }

  async function firstDayToFold(zone: string): Promise<string | null> {
    const [last] = rowsOf<{ day: string | null }>(
      await db.execute(
        sql`select to_char(max(day), 'YYYY-MM-DD') as day from ${analyticsRollupDays} where zone = ${zone}`,
      ),
    );
    if (last?.day) return addDays(last.day, 1);
    const [first] = rowsOf<{ at: string | Date | null }>(
      await db.execute(sql`select min(created_at) as at from ${viewLogs}`),
    );
    if (!first?.at) return null;
    return dayIn(new Date(first.at), zone);
  }

  async function run(): Promise<number> {
    let folded = 0;
    const at = now();
    for (const zone of zones) {
      let day = await firstDayToFold(zone);
      const retentionStart = dayIn(new Date(at.getTime() - options.retentionDays * DAY_MS), zone);
      if (day && day < retentionStart) day = retentionStart;
      for (let n = 0; day && n < MAX_DAYS_PER_RUN; n++, day = addDays(day, 1)) {
        // Only days that ended (and settled) are folded.
        if (dayStart(day, zone).getTime() + DAY_MS + SETTLE_MS > at.getTime()) break;
        if (await foldDay(zone, day)) folded++;
        else break;
      }
    }
    return folded;
  }

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

  return { run, foldDay, retain, ensurePartitions };
}
