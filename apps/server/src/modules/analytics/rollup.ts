/**
 * Daily rollups, retention and monthly partitions of the raw view logs (issue 11).
 *
 * One aggregation (`aggregateRaw` in aggregate.ts) turns raw rows into (day, owner, scope,
 * dimension, key) figures; the rollup job stores it per finished day and zone, and for the running day up to a
 * mark (`folded_until`), adding only the rows since the last mark; the report uses it for the
 * rows after the mark, for days not rolled up and for filtered reports. So the report and the
 * job cannot disagree.
 *
 * Safe on several instances: each day is folded in one transaction under an advisory lock of
 * its own (`pg_try_advisory_xact_lock`), skipped when another instance holds it or when its done
 * marker exists; a whole-day fold deletes the day's rows first, and a running-day fold moves its
 * mark in the same transaction as it adds the rows before it, so both are idempotent.
 */
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { analyticsDaily, analyticsRollupDays, viewLogs } from "../../db/schema/analytics";
import type { TDrizzle } from "../../platform/types";
import { aggregateRaw, createdBetween, rowsOf, type TFigureRow } from "./aggregate";
import { addDays, DAY_MS, dayIn, dayStart } from "./days";
import { createPartitions, type TPartitions } from "./partitions";

/**
 * A day is folded whole once it ended this long ago, the running day up to this long ago (rows of
 * slow requests still arrive).
 */
export const SETTLE_MS = 5 * 60_000;
/** Most days one run folds per zone. */
const MAX_DAYS_PER_RUN = 400;

/** The rollup job's verbs. */
export interface TRollups extends TPartitions {
  /**
   * Folds every finished, not yet folded day (per zone), then the running day up to a mark;
   * answers the days folded (whole or running).
   */
  run(): Promise<number>;
  /** Folds one whole day of one zone (again, if `force`); false when another instance holds it. */
  foldDay(zone: string, day: string, options?: { force?: boolean }): Promise<boolean>;
  /**
   * Adds a running day's rows created before `until` (and after its last mark) to its rollups;
   * false when another instance holds the day.
   */
  foldRunning(zone: string, day: string, until: Date): Promise<boolean>;
}

/** Takes a day's lock (held to the end of `tx`); false when another instance holds it. */
async function lockDay(tx: TDrizzle, zone: string, day: string): Promise<boolean> {
  const [lock] = rowsOf<{ ok: boolean }>(
    await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${`analytics-rollup:${zone}:${day}`})) as ok`,
    ),
  );
  return lock?.ok === true;
}

/** The day's fold marker: absent, whole (`until` null) or running up to `until`. */
async function markerOf(tx: TDrizzle, zone: string, day: string) {
  const [marker] = rowsOf<{ until: string | Date | null; rows: number }>(
    await tx.execute(
      sql`select folded_until as until, rows from ${analyticsRollupDays} where zone = ${zone} and day = ${day}::date`,
    ),
  );
  return marker ? { until: marker.until === null ? null : new Date(marker.until), rows: marker.rows } : null;
}

function dailyValues(zone: string, rows: TFigureRow[]) {
  return rows.map((r) => ({
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
  }));
}

/** Creates the rollup job on a database. */
export function createRollups(
  db: TDrizzle,
  options: { now: () => Date; zones: readonly string[]; retentionDays: number; logger: FastifyBaseLogger },
): TRollups {
  const { now, zones } = options;

  async function foldDay(zone: string, day: string, { force = false } = {}): Promise<boolean> {
    return db.transaction(async (tx) => {
      const t = tx as unknown as TDrizzle;
      if (!(await lockDay(t, zone, day))) return false;
      const marker = await markerOf(t, zone, day);
      if (marker && marker.until === null && !force) return true;
      const start = dayStart(day, zone);
      const rows = await aggregateRaw(t, zone, createdBetween(start, new Date(start.getTime() + DAY_MS)));
      // Replaces the running day's rollups too: the whole day, counted once.
      await tx.execute(sql`delete from ${analyticsDaily} where zone = ${zone} and day = ${day}::date`);
      for (let i = 0; i < rows.length; i += 1000) {
        await tx.insert(analyticsDaily).values(dailyValues(zone, rows.slice(i, i + 1000)));
      }
      await tx.execute(sql`delete from ${analyticsRollupDays} where zone = ${zone} and day = ${day}::date`);
      await tx.insert(analyticsRollupDays).values({ zone, day, rows: rows.length, doneAt: now() });
      return true;
    });
  }

  async function foldRunning(zone: string, day: string, until: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const t = tx as unknown as TDrizzle;
      if (!(await lockDay(t, zone, day))) return false;
      const marker = await markerOf(t, zone, day);
      // A whole day is not touched again here.
      if (marker && marker.until === null) return true;
      const start = dayStart(day, zone);
      const mark = new Date(Math.min(until.getTime(), start.getTime() + DAY_MS));
      const from = marker?.until ?? start;
      if (mark <= from) return true;
      // Only the rows since the last mark; their visitors already counted before it are not
      // counted again, so the sums stay exact and a rerun (same mark) adds nothing.
      const rows = await aggregateRaw(t, zone, createdBetween(from, mark), {
        seen: createdBetween(start, from),
      });
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(analyticsDaily)
          .values(dailyValues(zone, rows.slice(i, i + 1000)))
          .onConflictDoUpdate({
            target: [
              analyticsDaily.zone,
              analyticsDaily.ownerId,
              analyticsDaily.scope,
              analyticsDaily.day,
              analyticsDaily.dim,
              analyticsDaily.key,
            ],
            set: {
              visits: sql`${analyticsDaily.visits} + excluded.visits`,
              experiences: sql`${analyticsDaily.experiences} + excluded.experiences`,
              uniques: sql`${analyticsDaily.uniques} + excluded.uniques`,
              seconds: sql`${analyticsDaily.seconds} + excluded.seconds`,
              ended: sql`${analyticsDaily.ended} + excluded.ended`,
              opens: sql`${analyticsDaily.opens} + excluded.opens`,
              experienceSeconds: sql`${analyticsDaily.experienceSeconds} + excluded.experience_seconds`,
            },
          });
      }
      await tx
        .insert(analyticsRollupDays)
        .values({ zone, day, rows: (marker?.rows ?? 0) + rows.length, doneAt: now(), foldedUntil: mark })
        .onConflictDoUpdate({
          target: [analyticsRollupDays.zone, analyticsRollupDays.day],
          set: {
            rows: sql`excluded.rows`,
            doneAt: sql`excluded.done_at`,
            foldedUntil: sql`excluded.folded_until`,
          },
        });
      return true;
    });
  }

  async function firstDayToFold(zone: string): Promise<string | null> {
    const [last] = rowsOf<{ day: string | null }>(
      await db.execute(
        sql`select to_char(max(day), 'YYYY-MM-DD') as day from ${analyticsRollupDays}
          where zone = ${zone} and folded_until is null`,
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
      let running = false;
      for (let n = 0; day && n < MAX_DAYS_PER_RUN; n++, day = addDays(day, 1)) {
        // Only days that ended (and settled) are folded whole.
        if (dayStart(day, zone).getTime() + DAY_MS + SETTLE_MS > at.getTime()) {
          running = true;
          break;
        }
        if (await foldDay(zone, day)) folded++;
        else break;
      }
      // The running day (and yesterday while it settles): rows up to a mark that slow requests
      // have passed; the report reads only the rows after it raw.
      const until = new Date(at.getTime() - SETTLE_MS);
      for (const today = dayIn(at, zone); running && day && day <= today; day = addDays(day, 1)) {
        if (dayStart(day, zone) >= until) break;
        if (await foldRunning(zone, day, until)) folded++;
        else break;
      }
    }
    return folded;
  }

  return { run, foldDay, foldRunning, ...createPartitions(db, options) };
}
