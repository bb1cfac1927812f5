#!/usr/bin/env node
// bench/analytics/intake: view log intake (issue 11) — events stored per second through the real
// call (`/api/user_report/request_add_origin_log_notoken`: envelope on, validated, bots checked,
// user agent parsed, inflow reduced, daily visitor hash, group-commit INSERT, answered once
// stored), one row per request and 50 per request, beside a bare Fastify route taking the same
// JSON in the same child process and the same run. Afterwards the server is stopped and the rows
// are counted: every request answered `accepted` must have all its rows stored (zero lost).
//
//   npx tsx bench/analytics/intake.mjs                                   # PGlite
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/analytics/intake.mjs
//
// BENCH_SECONDS (10) per measurement, BENCH_CONNECTIONS (50). Prints figures; never fails on timing.
// BENCH_SERIES=ping,one (of bare,ping,one,bareBatch,batch) runs only those, e.g. to profile one
// series with BENCH_CPU_PROF=<dir>.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import {
  createTestDatabaseUrl,
  openTestDatabase,
  seedPglite,
  tempDataDir,
} from "../../apps/server/test/support/databases.ts";
import { createEnvelope, ENVELOPE_ITERATIONS } from "../../packages/contract/src/envelope.ts";
import { LOG_FIXED_KEY } from "../../packages/contract/src/index.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PATH = "/api/user_report/request_add_origin_log_notoken";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

const dataDir = tempDataDir("vitrine-bench-intake-");
let env = { DATA_DIR: dataDir };
let drop = async () => undefined;
if (process.env.BENCH_DATABASE_URL) {
  const database = await createTestDatabaseUrl(process.env.BENCH_DATABASE_URL);
  env = { ...env, DATABASE_URL: database.url };
  drop = database.drop;
} else {
  await seedPglite(dataDir);
}
const kind = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";

// Node itself with tsx (see bench/api-throughput): killing npx would leave the server running.
const profile = process.env.BENCH_CPU_PROF
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
const child = spawn(process.execPath, [...profile, "--import", "tsx", "bench/analytics/intake-servers.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, ...env },
});
const lines = createInterface({ input: child.stdout });
const [line] = await once(lines, "line");
lines.close();
const info = JSON.parse(line);
const envelope = await createEnvelope({ ...info.envelope, iterations: ENVELOPE_ITERATIONS });

/** A share-page view of one of 20 owners' contents, as the tracker sends it. */
function row(sessionId, i) {
  return {
    key: LOG_FIXED_KEY,
    sessionId,
    pageType: "share",
    contentType: "product",
    contentId: `content_${i % 100}`,
    contentOwnerId: `owner_${i % 20}`,
    action: i % 5 === 4 ? "annotation_open" : "view",
    ...(i % 5 === 4 ? { detail: `ann_${i % 7}` } : {}),
    path: "/share/abc",
    referrer: i % 2 ? "https://www.google.com/" : "",
    metadata: {},
  };
}

/** CPU time (user + system) the server process has used so far, in ms (Linux /proc). */
function serverCpuMs() {
  const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
}

const SERIES = process.env.BENCH_SERIES?.split(",");
const skipped = { rps: Number.NaN, events: Number.NaN, accepted: 0, sent: 0, rowsPer: 1 };

/** Measures one body on one port; answers requests/s and the requests answered `accepted`. */
async function measure(title, port, payload, { sealed, rowsPer, path = PATH, series }) {
  if (SERIES && !SERIES.includes(series)) return skipped;
  let accepted = 0;
  const body = JSON.stringify(sealed ? await envelope.wrap(payload) : payload);
  const options = {
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": CHROME },
        body,
        onResponse: (status, text) => {
          if (status === 200 && (text.includes('"accepted":true') || text.includes('"pong":true')))
            accepted++;
        },
      },
    ],
  };
  const warmUp = await autocannon({ ...options, duration: 2 }); // its rows count in the check too
  const warm = accepted;
  accepted = 0;
  const cpuBefore = serverCpuMs();
  const result = await autocannon({ ...options, duration: DURATION });
  const cpuPerRequest = ((serverCpuMs() - cpuBefore) * 1000) / result.requests.sent;
  const sent = warmUp.requests.sent + result.requests.sent;
  const rps = result.requests.average;
  console.log(
    `${title.padEnd(40)} ${rps.toFixed(0).padStart(6)} req/s ${(rps * rowsPer).toFixed(0).padStart(7)} events/s` +
      `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  server CPU ${cpuPerRequest.toFixed(0)} µs/request` +
      `  failed ${result.non2xx + result.errors}`,
  );
  return { rps, events: rps * rowsPer, accepted: accepted + warm, sent, rowsPer };
}

const one = row("bench-one", 0);
const batch = { rows: Array.from({ length: 50 }, (_, i) => row("bench-batch", i)) };
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(`${kind}; autocannon: ${CONNECTIONS} connections, ${DURATION} s each (after 2 s warm-up)\n`);
const bareOne = await measure(
  "bare route, 1 row/request",
  info.bare,
  { data: one },
  { rowsPer: 1, series: "bare" },
);
// For scale: the dispatcher alone (envelope, validation, no database) on a trivial call.
const ping = await measure(
  "ping through the dispatcher",
  info.vitrine,
  {},
  {
    sealed: true,
    rowsPer: 1,
    path: "/api/system/request_ping",
    series: "ping",
  },
);
const realOne = await measure("log call, 1 row/request", info.vitrine, one, {
  sealed: true,
  rowsPer: 1,
  series: "one",
});
const bareBatch = await measure(
  "bare route, 50 rows/request",
  info.bare,
  { data: batch },
  {
    rowsPer: 50,
    series: "bareBatch",
  },
);
const realBatch = await measure("log call, 50 rows/request", info.vitrine, batch, {
  sealed: true,
  rowsPer: 50,
  series: "batch",
});

// Stop the server (it waits for the rows being written), then count what is stored.
const exited = once(child, "exit");
child.kill("SIGTERM");
await exited;
const database = await openTestDatabase({ env });
const { viewLogs } = await import("../../apps/server/src/db/schema/analytics.ts");
const { sql } = await import("../../apps/server/node_modules/drizzle-orm/index.js");
const counted = await database.db
  .select({ session: viewLogs.sessionId, n: sql`count(*)::int` })
  .from(viewLogs)
  .groupBy(viewLogs.sessionId);
await database.close();
await drop();
const stored = new Map(counted.map((c) => [c.session, Number(c.n)]));
for (const [name, m] of [
  ["bench-one", realOne],
  ["bench-batch", realBatch],
]) {
  // Every request answered `accepted` has all its rows stored; requests cut off when a run
  // stopped may be stored without their answer being read (never more than were sent).
  const expected = m.accepted * m.rowsPer;
  const got = stored.get(name) ?? 0;
  console.log(
    `${name}: ${m.accepted} requests answered accepted (${m.sent} sent) → ${expected} rows owed, ${got} stored, ` +
      `lost ${Math.max(0, expected - got)}${got > m.sent * m.rowsPer ? " — MORE ROWS THAN SENT" : ""}`,
  );
}
console.log(
  `\none row: ${(realOne.rps / bareOne.rps).toFixed(2)} × the bare route (the ping: ${(ping.rps / bareOne.rps).toFixed(2)}); batched: ${realBatch.events.toFixed(0)} events/s ` +
    `(${(realBatch.rps / bareBatch.rps).toFixed(2)} × the bare route's requests)`,
);
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
