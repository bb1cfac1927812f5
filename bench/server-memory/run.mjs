#!/usr/bin/env node
// bench/server-memory: start-up time to the first 200 from /api/health and resident memory (RSS,
// from /proc) at rest, for the whole server on the embedded database (PGlite) beside a bare
// Fastify process, in the same run, alternating. Each run starts the server twice on one DATA_DIR:
// "first start" creates the database (initdb + migrations), "restart" opens it again (what a
// deployed server does every day). Both run through `node --import tsx` (so the server's figure
// includes compiling its TypeScript) unless BENCH_BUILT=1, which runs `apps/server/dist/main.js`
// (`npm run build` first). BENCH_BEFORE=<another checkout> adds that checkout's server to every
// run (before/after a change in one run). Linux only (reads /proc). Prints a table; never fails
// on figures.
//
//   node bench/server-memory/run.mjs          (BENCH_RUNS=3, BENCH_REST_SECONDS=10)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4293);
const BUILT = process.env.BENCH_BUILT === "1";
const BEFORE = process.env.BENCH_BEFORE;

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

// CPU seconds (user + system, all threads) the process has used: unlike wall time, not stretched
// by other processes on a shared machine. Fields 14 and 15 of /proc/<pid>/stat, in clock ticks
// (100 per second on Linux).
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measure(name, args, cwd, env) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, PORT: String(PORT), ...env },
    stdio: "ignore",
  });
  let startup = Number.NaN;
  let cpu = Number.NaN;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) {
        startup = (performance.now() - started) / 1000;
        cpu = cpuSeconds(child.pid);
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
  return { name, startup, cpu, rest };
}

const root = new URL("../..", import.meta.url).pathname;
const servers = [{ label: "Vitrine", dir: join(root, "apps", "server") }];
if (BEFORE) servers.push({ label: "before", dir: join(BEFORE, "apps", "server") });
for (const { dir } of servers) {
  if (BUILT && !existsSync(join(dir, "dist", "main.js"))) {
    console.error(`BENCH_BUILT=1 needs ${dir}/dist/main.js (npm run build)`);
    process.exit(1);
  }
}
const serverArgs = BUILT ? ["dist/main.js"] : ["--import", "tsx", "src/main.ts"];
const bareArgs = BUILT
  ? ["bench/server-memory/bare.mjs"]
  : ["--import", "tsx", "bench/server-memory/bare.mjs"];
const rows = [];
for (let run = 0; run < RUNS; run++) {
  const steps = [() => measure("bare Fastify", bareArgs, root, {}).then((row) => [row])];
  for (const { label, dir } of servers) {
    steps.push(async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "vt-mem-"));
      const env = { NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", DATA_DIR: dataDir };
      const first = await measure(`${label}, first start`, serverArgs, dir, env);
      const restart = await measure(`${label}, restart`, serverArgs, dir, env);
      rmSync(dataDir, { recursive: true, force: true });
      return [first, restart];
    });
  }
  // Rotated each run, so no process always goes first.
  for (let i = 0; i < steps.length; i++) rows.push(...(await steps[(i + run) % steps.length]()));
}
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}, load ${loadavg()[0].toFixed(1)}`,
);
console.log(
  `runs: ${RUNS}, rest: ${REST_SECONDS} s, ${BUILT ? "built bundle (dist/main.js)" : "through tsx"}`,
);
const names = [...new Set(rows.map((r) => r.name))];
console.log("| process | start-up to /api/health (s) | CPU time to start (s) | RSS at rest (MB) |");
console.log("| --- | --- | --- | --- |");
for (const name of names) {
  const mine = rows.filter((r) => r.name === name);
  console.log(
    `| ${name} | ${mine.map((r) => r.startup.toFixed(2)).join(", ")} | ${mine.map((r) => r.cpu.toFixed(2)).join(", ")} | ${mine.map((r) => r.rest.toFixed(0)).join(", ")} |`,
  );
}
