#!/usr/bin/env node
// bench/api-throughput: one trivial call (`/api/system/request_ping`) through the full dispatcher
// with the envelope on (encrypted body decrypted, validated, handled, validated), against a bare
// Fastify route answering the same JSON, and a bare route answering after setImmediate (the yield
// the dispatcher makes). All run in one child process; autocannon drives them one after the other
// from this process, in the same run. Prints the figures and the ratios, and the server process's
// CPU per request (all threads, and its main thread): on a shared machine that swings less than
// requests per second.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { createEnvelope, ENVELOPE_ITERATIONS } from "../../packages/contract/src/envelope.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

// Node itself, not `npx tsx`: killing npx left tsx's node (and the pipe this process reads) alive,
// so the bench printed its figures and never exited.
const child = spawn(process.execPath, ["--import", "tsx", "bench/api-throughput/servers.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const lines = createInterface({ input: child.stdout });
const [line] = await once(lines, "line");
lines.close();
const info = JSON.parse(line);

const envelope = await createEnvelope({ ...info.envelope, iterations: ENVELOPE_ITERATIONS });
const sealed = JSON.stringify(await envelope.wrap({}));
const plain = JSON.stringify({ data: {} });

/** User + system CPU time in ms of the server process (`main`: its main thread only); Linux only. */
function serverCpuMs(main = false) {
  const path = main ? `/proc/${child.pid}/task/${child.pid}/stat` : `/proc/${child.pid}/stat`;
  if (!existsSync(path)) return Number.NaN;
  const fields = readFileSync(path, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
}

async function measure(title, port, body) {
  const options = {
    url: `http://127.0.0.1:${port}/api/system/request_ping`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections: CONNECTIONS,
    duration: DURATION,
  };
  await autocannon({ ...options, duration: 2 }); // warm-up
  const before = { all: serverCpuMs(), main: serverCpuMs(true) };
  const result = await autocannon(options);
  const perRequest = (ms) => ((ms * 1000) / result.requests.sent).toFixed(0);
  const cpu = `CPU ${perRequest(serverCpuMs() - before.all)} µs/req (main thread ${perRequest(serverCpuMs(true) - before.main)})`;
  const failed = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(36)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ${cpu}  failed ${failed}`,
  );
  return result.requests.average;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}, load ${load()}`,
);
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s each\n`);
const bare = await measure("bare Fastify route", info.bare, plain);
const full = await measure("Vitrine dispatcher, envelope on", info.vitrine, sealed);
// The dispatcher answers after a setImmediate; so does this bare route, for a like-for-like ratio.
const bareYield = await measure("bare route, after setImmediate", info.bareYield, plain);
console.log(`\nratio (dispatcher / bare): ${(full / bare).toFixed(2)}  (load ${load()})`);
console.log(`ratio (dispatcher / bare after setImmediate): ${(full / bareYield).toFixed(2)}`);
const exited = once(child, "exit");
child.kill("SIGTERM");
await exited;
