/**
 * The real server as a child process (`src/main.ts` through tsx), for crash tests: it can be
 * killed with SIGKILL mid-work and started again on the same DATA_DIR and database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import {
  createCallClient,
  createEnvelope,
  ENVELOPE_ITERATIONS,
  loginCall,
  type TCall,
  type TCallInput,
  type TResponseEnvelope,
} from "@vitrine/contract";
import { inArray } from "drizzle-orm";
import { viewLogs } from "../../src/db/schema/analytics";
import { browserFetch } from "./browser-fetch";
import { openTestDatabase } from "./databases";
import { createUser, type TTestUser } from "./factories";

const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));

/** One JSON log line of the child (pino). */
export type TLogLine = Record<string, unknown> & { msg?: string };

/** A running child server. */
export interface TChildServer {
  baseUrl: string;
  child: ChildProcess;
  /** Every log line so far. */
  logs: TLogLine[];
  /** Resolves with the first log line (past or future) that `match` accepts. */
  waitForLog(match: (line: TLogLine) => boolean): Promise<TLogLine>;
  /** A contract call in plain mode (the child runs with the envelope off). */
  send<C extends TCall>(call: C, payload: TCallInput<C>, token?: string): Promise<TResponseEnvelope<unknown>>;
  /** Sends `signal` and resolves when the process has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The environment every child gets: plain envelope, rate limits off, fast job polling, info logs,
 * a free port. `env` (DATA_DIR, DATABASE_URL, …) comes on top.
 */
function childEnv(env: Partial<NodeJS.ProcessEnv>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "debug",
    ENVELOPE_ENABLED: "false",
    RATE_LIMITS_ENABLED: "false",
    JOBS_POLL_MS: "100",
    ...env,
  };
}

/** Starts `src/main.ts` in a child process and waits until it listens. */
export async function spawnServer(env: Partial<NodeJS.ProcessEnv>): Promise<TChildServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: TLogLine[] = [];
  const waiters: Array<{ match: (line: TLogLine) => boolean; resolve: (line: TLogLine) => void }> = [];
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (text) => {
    let line: TLogLine;
    try {
      line = JSON.parse(text) as TLogLine;
    } catch {
      return;
    }
    logs.push(line);
    for (const waiter of [...waiters]) {
      if (!waiter.match(line)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const exited = once(child, "exit");

  const waitForLog = (match: (line: TLogLine) => boolean) => {
    const seen = logs.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<TLogLine>((resolve, reject) => {
      waiters.push({ match, resolve });
      exited.then(([code]) => reject(new Error(`server exited (${code}) before the log line: ${stderr}`)));
    });
  };

  const listening = await waitForLog(
    (line) => typeof line.url === "string" && line.msg?.includes("listening") === true,
  );
  const baseUrl = String(listening.url);
  const envelope = await createEnvelope({
    enabled: false,
    secret: "",
    salt: "",
    iterations: ENVELOPE_ITERATIONS,
  });
  const client = createCallClient({ baseUrl, envelope, fetch: browserFetch });
  return {
    baseUrl,
    child,
    logs,
    waitForLog,
    send: (call, payload, token) => client(call, payload, token) as Promise<TResponseEnvelope<unknown>>,
    async stop(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Stores a user in the target's database before a child owns it (PGlite allows one process). */
export async function seedUser(env: Partial<NodeJS.ProcessEnv>): Promise<TTestUser> {
  const database = await openTestDatabase({ env });
  try {
    return await createUser(database.db, { trialEndsAt: new Date(Date.now() + 365 * 86_400_000) });
  } finally {
    await database.close();
  }
}

/** Signs `user` in on a child server; returns the access token. */
export async function signIn(server: TChildServer, user: TTestUser): Promise<string> {
  const res = await server.send(loginCall, { email_id: user.emailId, password: user.password });
  const data = res.data as { atk?: string } | null;
  if (!res.status || !data?.atk) throw new Error(`sign-in failed: ${JSON.stringify(res)}`);
  return data.atk;
}

/** Which of `sessions` have a view-log row in the target's database (the server must be stopped). */
export async function storedViewLogSessions(
  env: Partial<NodeJS.ProcessEnv>,
  sessions: string[],
): Promise<Set<string>> {
  const database = await openTestDatabase({ env });
  try {
    const found = new Set<string>();
    for (let i = 0; i < sessions.length; i += 1000) {
      const rows = await database.db
        .select({ sessionId: viewLogs.sessionId })
        .from(viewLogs)
        .where(inArray(viewLogs.sessionId, sessions.slice(i, i + 1000)));
      for (const row of rows) found.add(row.sessionId);
    }
    return found;
  } finally {
    await database.close();
  }
}
