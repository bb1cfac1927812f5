#!/usr/bin/env node
// bench/api-throughput: one trivial call (`/api/system/request_ping`) through the full dispatcher
// with the envelope on (encrypted body decrypted, validated, handled, validated), against a bare
// Fastify route answering the same JSON. Both run in one child process; autocannon drives them one
// after the other from this process, in the same run. Prints both figures and the ratio.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpus } from "node:os";
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
  const result = await autocannon(options);
  const failed = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(36)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  failed ${failed}`,
  );
  return result.requests.average;
}

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}`);
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s each\n`);
const bare = await measure("bare Fastify route", info.bare, plain);
const full = await measure("Vitrine dispatcher, envelope on", info.vitrine, sealed);
console.log(`\nratio (dispatcher / bare): ${(full / bare).toFixed(2)}`);
const exited = once(child, "exit");
child.kill("SIGTERM");
await exited;
