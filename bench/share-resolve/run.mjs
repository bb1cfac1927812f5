#!/usr/bin/env node
// bench/share-resolve: the share-link resolve call (the hottest visitor call) through the full
// dispatcher, envelope on, against a bare Fastify route answering the same JSON, in one run.
// PGlite by default; BENCH_PG_URL=postgres://… runs it on PostgreSQL (a fresh database).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { createEnvelope, ENVELOPE_ITERATIONS } from "../../packages/contract/src/envelope.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PATH = "/api/business/request_business_SharelinkUrlBy_UserChannel";

const child = spawn("npx", ["tsx", "bench/share-resolve/servers.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const [line] = await once(createInterface({ input: child.stdout }), "line");
const info = JSON.parse(line);

const envelope = await createEnvelope({ ...info.envelope, iterations: ENVELOPE_ITERATIONS });
const sealed = JSON.stringify(await envelope.wrap({ sharelink_url: info.link }));
const plain = JSON.stringify({ data: { sharelink_url: info.link } });

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
const full = await measure("share-link resolve, envelope on", info.vitrine, sealed);
console.log(`\nratio (resolve / bare): ${(full / bare).toFixed(3)}`);
child.kill("SIGTERM");
