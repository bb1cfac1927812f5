/**
 * The owner's report (issue 11): rollups for folded days (the running day's up to its mark)
 * plus raw rows after the mark and for days not folded, or raw rows only when a breakdown filter
 * is set. Figures the owner's plan hides are `null`
 * and listed in `locked` (the plan table's analytics keys).
 */
import {
  PLAN_LIMITS,
  REPORT_CONTENT_TYPES,
  type TPlanLevel,
  type TReportSummary,
  type TReportZone,
} from "@vitrine/contract";
import { and, between, eq, inArray, sql } from "drizzle-orm";
import { analyticsDaily, analyticsRollupDays } from "../../db/schema/analytics";
import type { TDrizzle } from "../../platform/types";
import { aggregateRaw, createdBetween, rowsOf, type TFigureRow } from "./aggregate";
import { addDays, dayStart } from "./days";

/** What a report asks for. */
export interface TReportQuery {
  ownerId: string;
  from: string;
  to: string;
  zone: TReportZone;
  /** `<type>:<id>` of one content, channel or booth; `""` for the whole report. */
  scope: string;
  filter?: { dim: "content_type" | "browser" | "device" | "os" | "inflow"; key: string };
  level: TPlanLevel;
  now: Date;
}

/** Names of things and details, supplied by the owning modules. */
export interface TReportNames {
  things: ReadonlyMap<string, string>;
  annotations: ReadonlyMap<string, string>;
  motionSteps: ReadonlyMap<string, string>;
}

const FILTER_COLUMNS = {
  content_type: "v.content_type",
  browser: "v.browser",
  device: "v.device",
  os: "v.os",
  inflow: "v.inflow",
} as const;

/** The figure rows of a report's days (current and previous period). */
export async function reportRows(db: TDrizzle, q: TReportQuery, prevFrom: string): Promise<TFigureRow[]> {
  const start = dayStart(prevFrom, q.zone);
  const end = dayStart(addDays(q.to, 1), q.zone);
  const ownerWhere = sql`v.content_owner_id = ${q.ownerId}`;
  // Only the figure rows of the report's scope are built (half the work of the expansion).
  const scopeWhere = q.scope
    ? sql` and v.content_id = ${q.scope.slice(q.scope.indexOf(":") + 1)} and d.scope = ${q.scope}`
    : sql` and d.scope = ''`;
  const keep = (r: TFigureRow) => r.scope === q.scope;
  if (q.filter) {
    const column = sql.raw(FILTER_COLUMNS[q.filter.dim]);
    const rows = await aggregateRaw(
      db,
      q.zone,
      sql`${ownerWhere}${scopeWhere} and ${column} = ${q.filter.key} and ${createdBetween(start, end)}`,
    );
    return rows.filter(keep);
  }
  const markers = await db
    .select({ day: analyticsRollupDays.day, until: analyticsRollupDays.foldedUntil })
    .from(analyticsRollupDays)
    .where(and(eq(analyticsRollupDays.zone, q.zone), between(analyticsRollupDays.day, prevFrom, q.to)));
  const done = new Set(markers.map((m) => m.day));
  const rolled: TFigureRow[] =
    done.size === 0
      ? []
      : await db
          .select({
            day: analyticsDaily.day,
            ownerId: analyticsDaily.ownerId,
            scope: analyticsDaily.scope,
            dim: analyticsDaily.dim,
            key: analyticsDaily.key,
            visits: analyticsDaily.visits,
            experiences: analyticsDaily.experiences,
            uniques: analyticsDaily.uniques,
            seconds: analyticsDaily.seconds,
            ended: analyticsDaily.ended,
            opens: analyticsDaily.opens,
            experienceSeconds: analyticsDaily.experienceSeconds,
          })
          .from(analyticsDaily)
          .where(
            and(
              eq(analyticsDaily.zone, q.zone),
              eq(analyticsDaily.ownerId, q.ownerId),
              eq(analyticsDaily.scope, q.scope),
              inArray(analyticsDaily.day, [...done]),
            ),
          );
  const limit = q.now.getTime() + 60_000;
  const out = [...rolled];
  // Running days (today): the rollups up to the mark plus the raw rows after it; visitors seen
  // before the mark are not counted unique again.
  for (const m of markers) {
    if (!m.until) continue;
    const dayFrom = dayStart(m.day, q.zone);
    const tailEnd = new Date(Math.min(dayStart(addDays(m.day, 1), q.zone).getTime(), limit));
    if (tailEnd <= m.until) continue;
    const tail = await aggregateRaw(
      db,
      q.zone,
      sql`${ownerWhere}${scopeWhere} and ${createdBetween(m.until, tailEnd)}`,
      { seen: sql`${ownerWhere}${scopeWhere} and ${createdBetween(dayFrom, m.until)}` },
    );
    out.push(...tail.filter((r) => keep(r) && r.day === m.day));
  }
  // Days not folded at all (the job has not run): straight from the raw rows.
  const open: string[] = [];
  for (let day = prevFrom; day <= q.to; day = addDays(day, 1)) if (!done.has(day)) open.push(day);
  if (open.length === 0) return out;
  const rawStart = dayStart(open[0] as string, q.zone);
  const rawEnd = new Date(
    Math.min(dayStart(addDays(open[open.length - 1] as string, 1), q.zone).getTime(), limit),
  );
  if (rawEnd <= rawStart) return out;
  const openSet = new Set(open);
  const raw = await aggregateRaw(
    db,
    q.zone,
    sql`${ownerWhere}${scopeWhere} and ${createdBetween(rawStart, rawEnd)}`,
  );
  return [...out, ...raw.filter((r) => keep(r) && openSet.has(r.day))];
}

/** Visitors of the owner (or scope) in the last five minutes. */
export async function realtimeVisitors(db: TDrizzle, q: TReportQuery): Promise<number> {
  const since = new Date(q.now.getTime() - 5 * 60_000);
  const scopeWhere = q.scope ? sql` and content_id = ${q.scope.slice(q.scope.indexOf(":") + 1)}` : sql``;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(distinct visitor_hash)::int as n from view_logs
      where content_owner_id = ${q.ownerId}${scopeWhere} and created_at >= ${since.toISOString()}::timestamptz
      and action <> 'view_end'`),
  );
  return row?.n ?? 0;
}

function sumBy(rows: TFigureRow[], dim: string) {
  const out = new Map<string, { visits: number; uniques: number; experiences: number; opens: number }>();
  for (const r of rows) {
    if (r.dim !== dim) continue;
    const got = out.get(r.key) ?? { visits: 0, uniques: 0, experiences: 0, opens: 0 };
    got.visits += r.visits;
    got.uniques += r.uniques;
    got.experiences += r.experiences;
    got.opens += r.opens;
    out.set(r.key, got);
  }
  return out;
}

function breakdown(rows: TFigureRow[], dim: string, only?: readonly string[]) {
  return [...sumBy(rows, dim)]
    .filter(([key, v]) => v.visits > 0 && key !== "" && (!only || only.includes(key)))
    .map(([key, v]) => ({ key, visits: v.visits, uniques: v.uniques }))
    .sort((a, b) => b.visits - a.visits || a.key.localeCompare(b.key));
}

/** Builds the answer from figure rows. */
export function buildSummary(
  rows: TFigureRow[],
  q: TReportQuery,
  prevFrom: string,
  realtime: number,
  names: TReportNames,
): TReportSummary {
  const shows = PLAN_LIMITS[q.level].analytics;
  const locked = Object.entries(shows)
    .filter(([, on]) => !on)
    .map(([key]) => key);
  const current = rows.filter((r) => r.day >= q.from && r.day <= q.to);
  const previous = rows.filter((r) => r.day >= prevFrom && r.day < q.from);
  const figures = (part: TFigureRow[]) => {
    const totals = part.filter((r) => r.dim === "total");
    const sum = (pick: (r: TFigureRow) => number) => totals.reduce((n, r) => n + pick(r), 0);
    const ended = sum((r) => r.ended);
    const experiences = sum((r) => r.experiences);
    return {
      visits: shows.total_visits ? sum((r) => r.visits) : null,
      experiences: shows.content_experience ? sum((r) => r.experiences) : null,
      // A visitor's hash is daily: uniques over a range are the sum of each day's.
      uniques: shows.unique_visitors ? sum((r) => r.uniques) : null,
      avg_seconds: ended > 0 ? Math.round((sum((r) => r.seconds) / ended) * 10) / 10 : 0,
      avg_experience_seconds: shows.content_experience
        ? experiences > 0
          ? Math.round((sum((r) => r.experienceSeconds) / experiences) * 10) / 10
          : 0
        : null,
    };
  };
  const now = figures(current);
  const daily: TReportSummary["daily"] = [];
  // A running day has two total rows (its rollup and the raw rows after the mark): summed.
  const totalsByDay = new Map<string, { visits: number; experiences: number; uniques: number }>();
  for (const r of current) {
    if (r.dim !== "total") continue;
    const got = totalsByDay.get(r.day) ?? { visits: 0, experiences: 0, uniques: 0 };
    got.visits += r.visits;
    got.experiences += r.experiences;
    got.uniques += r.uniques;
    totalsByDay.set(r.day, got);
  }
  for (let day = q.from; day <= q.to; day = addDays(day, 1)) {
    const r = totalsByDay.get(day);
    daily.push({
      day,
      visits: shows.total_visits ? (r?.visits ?? 0) : null,
      experiences: shows.content_experience ? (r?.experiences ?? 0) : null,
      uniques: shows.unique_visitors ? (r?.uniques ?? 0) : null,
    });
  }
  const top = [...sumBy(current, "content")]
    .map(([key, v]) => {
      const type = key.slice(0, key.indexOf(":"));
      const id = key.slice(key.indexOf(":") + 1);
      return {
        type,
        id,
        name: names.things.get(key) ?? "",
        visits: v.visits,
        experiences: shows.content_experience ? v.experiences : 0,
        uniques: shows.unique_visitors ? v.uniques : 0,
      };
    })
    .filter((t) => t.visits > 0 || t.experiences > 0)
    .sort((a, b) => b.visits - a.visits || b.experiences - a.experiences || a.id.localeCompare(b.id))
    .slice(0, 50);
  const details = (dim: string, named: ReadonlyMap<string, string>) =>
    [...sumBy(current, dim)]
      .map(([id, v]) => ({ id, name: named.get(id) ?? "", count: v.opens }))
      .sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));
  return {
    from: q.from,
    to: q.to,
    zone: q.zone,
    locked,
    ...now,
    previous: figures(previous),
    realtime,
    by_type: shows.by_content_type ? breakdown(current, "type", REPORT_CONTENT_TYPES) : null,
    by_browser: shows.browser_device ? breakdown(current, "browser") : null,
    by_device: shows.browser_device ? breakdown(current, "device") : null,
    by_os: shows.browser_device ? breakdown(current, "os") : null,
    by_inflow: shows.inflow_path ? breakdown(current, "inflow") : null,
    top,
    annotations: details("annotation", names.annotations),
    motion_steps: details("motion", names.motionSteps),
    daily,
  };
}
