// bench/analytics: the owner's 30-day report (issue 11) on a large generated view log, as the
// report reads it (rollups for folded days and for today up to the job's mark, plus the raw rows
// after the mark) against the reference of the same figures counted straight from the raw rows
// (what a report without rollups does, e.g. Umami); both must give the same visits and uniques.
// Also the scale ratio: the report's p95 at the largest size over its p95 at the smallest.
//
//   npx tsx bench/analytics/run.ts                      # PGlite, 100k and 1M events
//   BENCH_EVENTS=1000000,10000000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     npx tsx bench/analytics/run.ts                    # PostgreSQL (a fresh database per size)
//
// Events are spread over the last 60 days among BENCH_OWNERS owners (20 by default); the report
// is one owner's, so it reads 1/20 of the table. Prints figures; never fails on timing.
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { aggregateRaw, createdBetween } from "../../apps/server/src/modules/analytics/aggregate";
import { addDays, dayIn, dayStart } from "../../apps/server/src/modules/analytics/days";
import { buildSummary, reportRows, type TReportQuery } from "../../apps/server/src/modules/analytics/report";
import { createRollups } from "../../apps/server/src/modules/analytics/rollup";
import { testLogger } from "../../apps/server/test/support/config";
import {
  createTestDatabaseUrl,
  openTestDatabase,
  seedPglite,
  tempDataDir,
} from "../../apps/server/test/support/databases";

// drizzle-orm is the server workspace's dependency: resolve it from there.
const { sql } = (await import(
  createRequire(new URL("../../apps/server/package.json", import.meta.url)).resolve("drizzle-orm")
)) as typeof import("../../apps/server/node_modules/drizzle-orm");

const SIZES = (process.env.BENCH_EVENTS ?? "100000,1000000").split(",").map(Number);
const OWNERS = Number(process.env.BENCH_OWNERS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const REFERENCE_RUNS = Number(process.env.BENCH_REFERENCE_RUNS ?? 5);

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [performance.now() - started, value];
}

async function environment(): Promise<{
  env: Partial<NodeJS.ProcessEnv>;
  drop(): Promise<void>;
  kind: string;
}> {
  const dataDir = tempDataDir("vitrine-bench-analytics-");
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createTestDatabaseUrl(process.env.BENCH_DATABASE_URL);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
      kind: "PostgreSQL",
      drop: async () => {
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  await seedPglite(dataDir);
  return {
    env: { DATA_DIR: dataDir },
    kind: "PGlite",
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

interface TResult {
  events: number;
  kind: string;
  insertS: number;
  foldS: number;
  reportP95: number;
  reportP50: number;
  referenceP95: number;
  visits: number;
  uniques: number;
}

async function measure(events: number): Promise<TResult> {
  const { env, drop, kind } = await environment();
  const database = await openTestDatabase({ env });
  const db = database.db;
  const now = new Date();
  // The job last ran 10 minutes ago (it runs every 10): its mark is 15 minutes back (5 minutes
  // of settling), the most raw rows of today the report ever reads.
  const jobAt = new Date(now.getTime() - 10 * 60_000);
  const rollups = createRollups(db, {
    now: () => jobAt,
    zones: ["UTC"],
    retentionDays: 90,
    logger: testLogger(),
  });
  await rollups.ensurePartitions();
  // Generated in the database: 60 days back from now, owners round-robin, a realistic mix of
  // actions, browsers, devices, inflows, 500 contents and daily visitor hashes.
  const [insertMs] = await time(async () => {
    const chunk = 250_000;
    for (let from = 0; from < events; from += chunk) {
      const to = Math.min(events, from + chunk) - 1;
      await db.execute(sql`insert into view_logs (id, created_at, content_owner_id, content_type, content_id,
          page_type, action, path, session_id, visitor_hash, browser, browser_version, os, device, inflow, duration, detail)
        select 'log_' || i, ${now.toISOString()}::timestamptz - ((i * 7919) % (60 * 86400)) * interval '1 second',
          'owner_' || (i % ${OWNERS}),
          (array['product','product','product','channel','booth','match'])[1 + i % 6],
          'c' || (i % 500),
          'share',
          (array['view','view','view','view','view','view_end','view_end','experience','annotation_open','motion_step'])[1 + (i / 7) % 10],
          '/share/x', 's' || (i / 3), md5((i % 20000)::text),
          (array['Chrome','Safari','Firefox','Samsung Internet','Edge'])[1 + (i / 11) % 5], '130',
          (array['Windows','iOS','Android','macOS'])[1 + (i / 13) % 4],
          (array['desktop','phone','tablet'])[1 + (i / 17) % 3],
          (array['direct','search:google','search:naver','messenger:kakaotalk','social:instagram','site:example.com','embed:shop.example.com'])[1 + (i / 19) % 7],
          case when (i / 7) % 10 in (5, 6, 7) then i % 300 end,
          case when (i / 7) % 10 = 8 then 'ann_' || (i % 5) when (i / 7) % 10 = 9 then ((i % 3) + 1)::text else '' end
        from generate_series(${from}::bigint, ${to}::bigint) as i`);
    }
    await db.execute(sql`analyze view_logs`);
  });
  const [foldMs] = await time(() => rollups.run());
  await db.execute(sql`analyze analytics_daily`);

  const today = dayIn(now, "UTC");
  const q: TReportQuery = {
    ownerId: "owner_0",
    from: addDays(today, -29),
    to: today,
    zone: "UTC",
    scope: "",
    level: "advanced",
    now,
  };
  const prevFrom = addDays(q.from, -30);
  const names = { things: new Map(), annotations: new Map(), motionSteps: new Map() };
  const samples: number[] = [];
  let visits = 0;
  let uniques = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const [ms, summary] = await time(async () =>
      buildSummary(await reportRows(db, q, prevFrom), q, prevFrom, 0, names),
    );
    if (i >= 2) samples.push(ms); // two warm-up runs
    visits = summary.visits ?? 0;
    uniques = summary.uniques ?? 0;
  }
  // The reference: the same figures straight from the raw rows of both periods.
  const reference: number[] = [];
  for (let i = 0; i < REFERENCE_RUNS + 1; i++) {
    const [ms, rows] = await time(() =>
      aggregateRaw(
        db,
        "UTC",
        sql`v.content_owner_id = ${q.ownerId} and ${createdBetween(dayStart(prevFrom, "UTC"), new Date(now.getTime() + 60_000))}`,
      ),
    );
    if (i >= 1) reference.push(ms);
    const direct = buildSummary(
      rows.filter((r) => r.scope === ""),
      q,
      prevFrom,
      0,
      names,
    );
    if (direct.visits !== visits) throw new Error(`report ${visits} ≠ direct count ${direct.visits}`);
    if (direct.uniques !== uniques) throw new Error(`report uniques ${uniques} ≠ direct ${direct.uniques}`);
  }
  await database.close();
  await drop();
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    events,
    kind,
    insertS: insertMs / 1000,
    foldS: foldMs / 1000,
    reportP95: p95(samples),
    reportP50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    referenceP95: p95(reference),
    visits,
    uniques,
  };
}

const results: TResult[] = [];
for (const events of SIZES) {
  const result = await measure(events);
  results.push(result);
  console.log(
    `${result.kind} ${events.toLocaleString()} events: insert ${result.insertS.toFixed(1)} s, fold ${result.foldS.toFixed(1)} s; ` +
      `report p50 ${result.reportP50.toFixed(1)} ms p95 ${result.reportP95.toFixed(1)} ms; raw reference p95 ${result.referenceP95.toFixed(1)} ms ` +
      `(${(result.referenceP95 / result.reportP95).toFixed(1)}× slower); owner's visits ${result.visits.toLocaleString()} and uniques ${result.uniques.toLocaleString()} (equal in both)`,
  );
}
const first = results[0];
const last = results.at(-1);
if (first && last && last !== first) {
  console.log(
    `scale: report p95 at ${last.events.toLocaleString()} / at ${first.events.toLocaleString()} = ${(last.reportP95 / first.reportP95).toFixed(2)}; ` +
      `raw reference ${(last.referenceP95 / first.referenceP95).toFixed(2)}`,
  );
}
process.exit(0);
