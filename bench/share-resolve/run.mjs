#!/usr/bin/env node
// bench/share-resolve: the share-link resolve call (the hottest visitor call) through the full
// dispatcher, envelope on, against a bare Fastify route answering the same JSON, in one run.
// PGlite by default; BENCH_PG_URL=postgres://… runs it on PostgreSQL (a fresh database).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { createEnvelope, ENVELOPE_ITERATIONS } from "../../packages/contract/src/envelope.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PATH = "/api/business/request_business_SharelinkUrlBy_UserChannel";

// Node itself, not `npx tsx`: killing npx would leave the server's node alive.
const child = spawn(process.execPath, ["--import", "tsx", "bench/share-resolve/servers.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const [line] = await once(createInterface({ input: child.stdout }), "line");
const info = JSON.parse(line);

const envelope = await createEnvelope({ ...info.envelope, iterations: ENVELOPE_ITERATIONS });
const sealed = JSON.stringify(await envelope.wrap({ sharelink_url: info.link }));
const plain = JSON.stringify({ data: { sharelink_url: info.link } });

// Resident memory (VmRSS, from /proc) of the server process, which holds both servers and the
// fixture: before the load and sampled every 200 ms through the resolve load. (Not VmHWM: the
// peak since start would be initdb's, the database being fresh.) Linux only.
function rssMb() {
  const file = `/proc/${info.pid}/status`;
  if (!info.pid || !existsSync(file)) return Number.NaN;
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(file, "utf8"))?.[1] ?? Number.NaN) / 1024;
}
const restMb = rssMb();

async function measure(title, port, body) {
  const options = {
    url: `http://127.0.0.1:${port}${PATH}`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections: CONNECTIONS,
    duration: DURATION,
  };
  await autocannon({ ...options, duration: 2 }); // warm-up
  const result = await autocannon(options);
  const failed = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(36)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  failed ${failed}`,
  );
  return result.requests.average;
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}, load ${loadavg()[0].toFixed(1)}`,
);
console.log(`database: ${info.db}; autocannon: ${CONNECTIONS} connections, ${DURATION} s each`);
console.log(`answer: ${info.sample}…\n`);
const bare = await measure("bare Fastify route (same JSON)", info.bare, plain);
let peakMb = restMb;
const sampler = setInterval(() => {
  peakMb = Math.max(peakMb, rssMb());
}, 200);
const full = await measure("share-link resolve, envelope on", info.vitrine, sealed);
clearInterval(sampler);
console.log(`\nratio (resolve / bare): ${(full / bare).toFixed(3)}`);
if (Number.isFinite(restMb))
  console.log(
    `server process RSS: ${restMb.toFixed(0)} MB before the load, ${peakMb.toFixed(0)} MB at most under the resolve load`,
  );
const exited = once(child, "exit");
child.kill("SIGTERM");
await exited;
