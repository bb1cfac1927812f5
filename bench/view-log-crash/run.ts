// bench/view-log-crash: page-view logs (`request_add_origin_log_notoken`) sent by 50 visitors
// without pause to a real server in a child process, which is then killed (SIGKILL) or stopped
// (SIGTERM). Counts the logs answered `accepted` whose row is missing afterwards, and the log
// call's rate and latency meanwhile. PostgreSQL when BENCH_DATABASE_URL is set (a fresh database
// is made on that server), else PGlite. Issue 9, item 10.
import { randomUUID } from "node:crypto";
import { cpus } from "node:os";
import { spawnServer, storedViewLogSessions } from "../../apps/server/test/support/child-server";
import { createTestDatabaseUrl, seedPglite, tempDataDir } from "../../apps/server/test/support/databases";
import { addOriginLogCall, LOG_FIXED_KEY } from "../../packages/contract/src/index";

const VISITORS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function environment(): Promise<{ env: Partial<NodeJS.ProcessEnv>; drop(): Promise<void> }> {
  const dataDir = tempDataDir("vitrine-bench-");
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createTestDatabaseUrl(process.env.BENCH_DATABASE_URL);
    return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url }, drop: database.drop };
  }
  await seedPglite(dataDir);
  return { env: { DATA_DIR: dataDir }, drop: async () => undefined };
}

async function run(signal: "SIGKILL" | "SIGTERM"): Promise<void> {
  const { env, drop } = await environment();
  const server = await spawnServer({ ...env, LOG_LEVEL: "info" });
  const accepted: string[] = [];
  const latencies: number[] = [];
  let isRunning = true;
  const visitor = async () => {
    while (isRunning) {
      const sessionId = `bench-${randomUUID()}`;
      const started = performance.now();
      const res = await server
        .send(addOriginLogCall, {
          key: LOG_FIXED_KEY,
          sessionId,
          pageType: "share",
          contentType: "product",
          action: "view_start",
          path: "/share/abc",
          metadata: { browser: "Firefox", deviceType: "desktop" },
        } as never)
        .catch(() => null);
      if (!res?.status) return;
      latencies.push(performance.now() - started);
      accepted.push(sessionId);
    }
  };
  const visitors = Array.from({ length: VISITORS }, visitor);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const answeredBefore = accepted.length;
  await server.stop(signal);
  isRunning = false;
  await Promise.all(visitors);

  const found = await storedViewLogSessions(env, accepted);
  await drop();
  const lost = accepted.filter((id) => !found.has(id)).length;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(0);
  console.log(
    `${signal}: ${accepted.length} accepted (${(answeredBefore / SECONDS).toFixed(0)} req/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms), ` +
      `lost ${lost} (${((lost / Math.max(1, accepted.length)) * 100).toFixed(2)} %)`,
  );
}

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}`);
console.log(
  `${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${VISITORS} visitors, ${SECONDS} s\n`,
);
await run("SIGKILL");
await run("SIGTERM");
