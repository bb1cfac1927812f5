#!/usr/bin/env node
// bench/server-memory: start-up time to the first 200 from /api/health and resident memory (RSS,
// from /proc) at rest, for the whole server on the embedded database (PGlite, a fresh DATA_DIR)
// beside a bare Fastify process, in the same run, alternating. Both run through `node --import tsx`
// (so the server's figure includes compiling its TypeScript; `npm run build` output would start
// faster). Linux only (reads /proc). Prints a table; never fails on figures.
//
//   node bench/server-memory/run.mjs          (BENCH_RUNS=3, BENCH_REST_SECONDS=10)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4293);

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function measure(name, args, cwd, env) {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd,
    env: { ...process.env, PORT: String(PORT), ...env },
    stdio: "ignore",
  });
  let startup = Number.NaN;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) {
        startup = (performance.now() - started) / 1000;
        break;
      }
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
  const rest = rssMb(child.pid);
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
  return { name, startup, rest };
}

const root = new URL("../..", import.meta.url).pathname;
const rows = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), "vt-mem-"));
  const vitrine = () =>
    measure("Vitrine (PGlite)", ["src/main.ts"], join(root, "apps", "server"), {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    });
  const bare = () => measure("bare Fastify", ["bench/server-memory/bare.mjs"], root, {});
  const pair = run % 2 ? [await bare(), await vitrine()] : [await vitrine(), await bare()];
  rows.push(...pair);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`runs: ${RUNS}, rest: ${REST_SECONDS} s (the first server run creates its database)`);
console.log("| process | start-up to /api/health (s) | RSS at rest (MB) |");
console.log("| --- | --- | --- |");
for (const row of rows) console.log(`| ${row.name} | ${row.startup.toFixed(2)} | ${row.rest.toFixed(0)} |`);
