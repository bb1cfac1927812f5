/**
 * The one aggregation of raw view logs (issue 11): raw rows become (day, owner, scope,
 * dimension, key) figures. The rollup job stores it per day and zone; the report runs it on the
 * rows after a running day's mark, on days not rolled up and for filtered reports, so the two
 * cannot disagree.
 */
import { type SQL, sql } from "drizzle-orm";
import { viewLogs } from "../../db/schema/analytics";
import type { TDrizzle } from "../../platform/types";
import { ZONE_OFFSET_MS } from "./days";

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

/** The report scope of a row: `<type>:<id>` (page rows of a content count as `product`). */
const SCOPE = sql.raw(
  `case when v.content_id <> '' then (case when v.content_type = 'home' then 'product' else v.content_type end) || ':' || v.content_id end`,
);

/** Each raw row (alias `v`) expanded into its figure rows `d(scope, dim, key)`. */
const EXPAND = sql`cross join lateral (values
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
    ) as d(scope, dim, key)`;

/**
 * Aggregates raw rows matching `where` (over aliases `v` and `d`) into figure rows, days counted
 * in `zone`. Visits are `view` rows; uniques distinct daily hashes of them; seconds and `ended`
 * come from `view_end` rows; opens from annotation opens and motion steps.
 *
 * With `seen` (the same day's earlier rows, already counted elsewhere: a running day's rollup),
 * a visitor counts as unique only when none of those rows is a view of theirs for the same
 * owner, scope, dimension and key, so the two parts add up without counting anyone twice.
 */
export async function aggregateRaw(
  db: TDrizzle,
  zone: string,
  where: SQL,
  options: { seen?: SQL } = {},
): Promise<TFigureRow[]> {
  const offset = `${(ZONE_OFFSET_MS[zone] ?? 0) / 1000} seconds`;
  const figures = (from: SQL, unique: SQL) => sql`
    select to_char(x.created_at at time zone 'UTC' + ${offset}::interval, 'YYYY-MM-DD') as "day",
      x.content_owner_id as "ownerId", x.scope as "scope", x.dim as "dim", x.key as "key",
      (count(*) filter (where x.action = 'view'))::int as "visits",
      (count(*) filter (where x.action = 'experience'))::int as "experiences",
      (count(distinct x.visitor_hash) filter (where x.action = 'view'${unique}))::int as "uniques",
      coalesce(sum(x.duration) filter (where x.action = 'view_end'), 0)::float8 as "seconds",
      (count(*) filter (where x.action = 'view_end'))::int as "ended",
      (count(*) filter (where x.action in ('annotation_open', 'motion_step')))::int as "opens",
      coalesce(sum(x.duration) filter (where x.action = 'experience'), 0)::float8 as "experienceSeconds"
    ${from}
    group by 1, 2, 3, 4, 5`;
  const rowsWhere = (w: SQL) => sql`${w} and d.scope is not null and d.key is not null`;
  const result = options.seen
    ? await db.execute(sql`
      with x as materialized (
        select v.created_at, v.content_owner_id, v.action, v.visitor_hash, v.duration, d.scope, d.dim, d.key
        from ${viewLogs} v ${EXPAND}
        where ${rowsWhere(where)}
      ), seen as (
        select distinct v.content_owner_id as owner, d.scope, d.dim, d.key, v.visitor_hash as hash
        from ${viewLogs} v ${EXPAND}
        where ${rowsWhere(options.seen)} and v.action = 'view'
          and v.visitor_hash in (select visitor_hash from x where action = 'view')
      )
      ${figures(
        sql`from x left join seen s on s.owner = x.content_owner_id and s.scope = x.scope and s.dim = x.dim
          and s.key = x.key and s.hash = x.visitor_hash`,
        sql` and s.hash is null`,
      )}`)
    : await db.execute(
        figures(
          sql`from (select v.created_at, v.content_owner_id, v.action, v.visitor_hash, v.duration, d.scope, d.dim, d.key
            from ${viewLogs} v ${EXPAND} where ${rowsWhere(where)}) x`,
          sql``,
        ),
      );
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
