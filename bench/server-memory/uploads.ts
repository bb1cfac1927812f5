// bench/server-memory, after uploads (issue 29, item 3): the server's resident memory at rest
// after it has processed BENCH_UPLOADS (30) models of five kinds (Fox, Radio, a box with a 4096 px
// noisy PNG, the 45-mesh assembly, a 180,000-triangle terrain), one at a time, each waited for
// until ready; beside its RSS at rest before the first upload. Also the RSS at most while
// processing (server alone, and server plus its children) and each model's processing time from
// the upload's answer to `ready` (polled every 50 ms). BENCH_BUILT=1 runs `dist/main.js`,
// otherwise `node --import tsx src/main.ts`; BENCH_BEFORE=<another checkout> adds that checkout's
// server to every run, alternating. Linux only (reads /proc). Prints tables; never fails on figures.
//
//   npx tsx bench/server-memory/uploads.ts       (BENCH_RUNS=1, BENCH_UPLOADS=30, BENCH_REST_SECONDS=10)
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { NodeIO } from "@gltf-transform/core";
import { assemblyDocument } from "../../apps/server/test/support/assembly";
import { openTestDatabase } from "../../apps/server/test/support/databases";
import { createUser, type TTestUser } from "../../apps/server/test/support/factories";
import {
  fixtureModel,
  gradientPng,
  terrainDocument,
  texturedBoxDocument,
} from "../../apps/server/test/support/models";
import { median } from "../viewer/vitrine-site";

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 30);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4294);
const BUILT = process.env.BENCH_BUILT === "1";
const BEFORE = process.env.BENCH_BEFORE;
/** Contents a trial account may hold (plan `advanced`): a new owner after each this many. */
const PER_OWNER = 30;

const root = new URL("../..", import.meta.url).pathname;
const base = `http://127.0.0.1:${PORT}`;

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0; // Gone meanwhile.
  }
}

/** Every process below `pid` (children of each of its threads, recursively). */
function descendants(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const tid of tasks) {
    let text = "";
    try {
      text = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8");
    } catch {
      continue;
    }
    for (const child of text.trim().split(/\s+/).filter(Boolean).map(Number)) {
      found.push(child, ...descendants(child));
    }
  }
  return found;
}

async function post<T>(path: string, data: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { status: boolean; data: T };
  if (!body.status) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data;
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 2400; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("server did not start");
}

/** Uploads one model and waits until it is no longer processing; answers its status and seconds. */
async function processOne(name: string, bytes: Uint8Array, token: string) {
  const form = new FormData();
  form.append("files", new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${base}/api/upload/model`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { status: boolean; data: { content_id: string } };
  if (!body.status) throw new Error(`upload ${name}: ${JSON.stringify(body)}`);
  const started = performance.now();
  for (;;) {
    const { doc } = await post<{ doc: { status: string; failure_reason?: string | null } }>(
      "/api/content/request_content_detail",
      { content_id: body.data.content_id },
      token,
    );
    if (doc.status !== "processing") {
      return { status: doc.status, seconds: (performance.now() - started) / 1000 };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface TServerRun {
  label: string;
  restBefore: number;
  peakServer: number;
  peakTotal: number;
  restAfter: number;
  childrenAtRest: number;
  childRssAtRest: number;
  times: Map<string, number[]>;
  failed: string[];
}

async function runServer(
  label: string,
  dir: string,
  models: Array<[string, Uint8Array]>,
): Promise<TServerRun> {
  const dataDir = mkdtempSync(join(tmpdir(), "vt-mem-up-"));
  // The owners go into the database before the server owns it (PGlite allows one process).
  const owners: TTestUser[] = [];
  const database = await openTestDatabase({ env: { DATA_DIR: dataDir } });
  try {
    for (let i = 0; i < Math.ceil(UPLOADS / PER_OWNER); i++) {
      owners.push(await createUser(database.db, { trialEndsAt: new Date(Date.now() + 365 * 86_400_000) }));
    }
  } finally {
    await database.close();
  }
  const args = BUILT ? ["dist/main.js"] : ["--import", "tsx", "src/main.ts"];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ENVELOPE_ENABLED: "false",
      RATE_LIMITS_ENABLED: "false",
    },
    stdio: "ignore",
  });
  const pid = child.pid ?? 0;
  try {
    await waitForHealth(child);
    await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
    const restBefore = rssMb(pid);
    const tokens: string[] = [];
    for (const owner of owners) {
      tokens.push(
        (
          await post<{ atk: string }>("/api/user/request_login", {
            email_id: owner.emailId,
            password: owner.password,
          })
        ).atk,
      );
    }
    let peakServer = 0;
    let peakTotal = 0;
    const sampler = setInterval(() => {
      const server = rssMb(pid);
      peakServer = Math.max(peakServer, server);
      peakTotal = Math.max(peakTotal, server + descendants(pid).reduce((sum, p) => sum + rssMb(p), 0));
    }, 100);
    const times = new Map<string, number[]>();
    const failed: string[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const [name, bytes] = models[i % models.length] ?? ["", new Uint8Array()];
      const { status, seconds } = await processOne(name, bytes, tokens[Math.floor(i / PER_OWNER)] ?? "");
      if (status !== "ready") failed.push(`${name}: ${status}`);
      times.set(name, [...(times.get(name) ?? []), seconds]);
    }
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
    const left = descendants(pid);
    return {
      label,
      restBefore,
      peakServer,
      peakTotal,
      restAfter: rssMb(pid),
      childrenAtRest: left.length,
      childRssAtRest: left.reduce((sum, p) => sum + rssMb(p), 0),
      times,
      failed,
    };
  } finally {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const servers = [{ label: "Vitrine", dir: join(root, "apps", "server") }];
if (BEFORE) servers.push({ label: "before", dir: join(BEFORE, "apps", "server") });
for (const { dir } of servers) {
  if (BUILT && !existsSync(join(dir, "dist", "main.js"))) {
    console.error(`BENCH_BUILT=1 needs ${dir}/dist/main.js (npm run build -w @vitrine/server)`);
    process.exit(1);
  }
}
const models: Array<[string, Uint8Array]> = [
  ["Fox.glb", fixtureModel("Fox.glb")],
  ["Radio.glb", fixtureModel("Radio.glb")],
  ["box-4096-noisy.glb", await new NodeIO().writeBinary(texturedBoxDocument(await gradientPng(4096, 16)))],
  ["assembly-45.glb", await new NodeIO().writeBinary(assemblyDocument())],
  ["terrain-180k.glb", await new NodeIO().writeBinary(terrainDocument(300))],
];
const runs: TServerRun[] = [];
for (let run = 0; run < RUNS; run++) {
  // Rotated each run, so no server always goes first.
  for (let i = 0; i < servers.length; i++) {
    const server = servers[(i + run) % servers.length];
    if (server) runs.push(await runServer(server.label, server.dir, models));
  }
}
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}, load ${loadavg()[0]?.toFixed(1)}`,
);
console.log(
  `runs: ${RUNS}, uploads: ${UPLOADS}, rest: ${REST_SECONDS} s, ${BUILT ? "built bundle (dist/main.js)" : "through tsx"}`,
);
console.log(
  "| server | RSS at rest before uploads | RSS at most while processing (server / with children) | RSS at rest after | children at rest | failed |",
);
console.log("| --- | --- | --- | --- | --- | --- |");
for (const r of runs) {
  console.log(
    `| ${r.label} | ${r.restBefore.toFixed(0)} MB | ${r.peakServer.toFixed(0)} / ${r.peakTotal.toFixed(0)} MB | ${r.restAfter.toFixed(1)} MB | ${r.childrenAtRest} (${r.childRssAtRest.toFixed(0)} MB) | ${r.failed.length === 0 ? "none" : r.failed.join("; ")} |`,
  );
}
console.log("");
console.log(`| model | ${runs.map((r) => `${r.label}: median s (first, all)`).join(" | ")} |`);
console.log(`| --- | ${runs.map(() => "---").join(" | ")} |`);
for (const [name] of models) {
  const cells = runs.map((r) => {
    const times = r.times.get(name) ?? [];
    return `${median(times).toFixed(2)} (${times.map((t) => t.toFixed(2)).join(", ")})`;
  });
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}
