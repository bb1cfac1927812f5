/**
 * Issue 9, item 4: a database that cannot be reached answers the catalogue's outage code
 * (1001 `serviceUnavailable`, HTTP 503) instead of 500 "system error", and the server recovers
 * when the database is back. PostgreSQL is reached through a TCP relay the test can cut (every
 * connection reset, new ones refused) and its backends are terminated with `pg_terminate_backend`;
 * PGlite is closed under the running server.
 */
import { createServer, Socket as NetSocket, type Server, type Socket } from "node:net";
import { CODES, loginCall } from "@vitrine/contract";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config";
import { createTestDatabaseUrl, testDatabaseTargets } from "../support/databases";
import { startServer, type TTestServer } from "./harness";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const OUTAGE = {
  status: false,
  rescode: CODES.serviceUnavailable.rescode,
  data: null,
  message: CODES.serviceUnavailable.message,
};

/** A call that reads the database: sign-in of an unknown address. */
async function signInAttempt(server: TTestServer) {
  const res = await server.post(
    loginCall.path,
    await server.envelope.wrap({ email_id: "nobody@example.com", password: "secret12" }),
  );
  return { status: res.status, json: res.json };
}

/** A TCP relay to PostgreSQL that can be cut (sockets destroyed, port closed) and opened again. */
async function relay(target: URL): Promise<{ port: number; cut(): Promise<void>; open(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = new NetSocket();
      sockets.add(client);
      sockets.add(upstream);
      upstream.connect(Number(target.port || 5432), target.hostname);
      client.pipe(upstream).pipe(client);
      for (const s of [client, upstream]) {
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
        s.on("close", () => sockets.delete(s));
      }
    });
    await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  };
  await open();
  return {
    port,
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    },
    open,
  };
}

describe.each(targets)("database outages on $name", (target) => {
  it("answers 1001 while the database is unreachable and recovers after", async () => {
    if (target.name === "pglite") {
      const server = await startServer(testConfig({ ...target.env, RATE_LIMITS_ENABLED: "false" }));
      try {
        expect((await signInAttempt(server)).json).toMatchObject({
          status: false,
          rescode: CODES.wrongCredentials.rescode,
        });
        await server.built.platform.database.close();
        expect(await signInAttempt(server)).toEqual({ status: 503, json: OUTAGE });
      } finally {
        await server.shutdown();
      }
      return;
    }

    const database = await createTestDatabaseUrl();
    const direct = new URL(database.url);
    const cuttable = await relay(direct);
    const viaRelay = new URL(database.url);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(cuttable.port);
    const server = await startServer(
      testConfig({ ...target.env, DATABASE_URL: viaRelay.toString(), RATE_LIMITS_ENABLED: "false" }),
    );
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = direct.pathname.slice(1);
    try {
      const before = await signInAttempt(server);
      expect(before.json).toMatchObject({ status: false, rescode: CODES.wrongCredentials.rescode });

      // Cut: open connections are reset, new ones refused.
      await cuttable.cut();
      expect(await signInAttempt(server)).toEqual({ status: 503, json: OUTAGE });
      expect(await signInAttempt(server)).toEqual({ status: 503, json: OUTAGE });
      expect((await server.get("/api/health")).status).toBe(503);

      await cuttable.open();
      expect((await signInAttempt(server)).json).toMatchObject({ rescode: CODES.wrongCredentials.rescode });

      // The administrator terminates every backend and lets no new one in.
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
      expect(await signInAttempt(server)).toEqual({ status: 503, json: OUTAGE });

      await admin.query(`alter database ${name} allow_connections true`);
      expect((await signInAttempt(server)).json).toMatchObject({ rescode: CODES.wrongCredentials.rescode });

      // The database is dropped under the server (issue 31.11): the same outage, not a 500.
      await database.drop();
      expect(await signInAttempt(server)).toEqual({ status: 503, json: OUTAGE });
      expect((await server.get("/api/health")).status).toBe(503);
    } finally {
      await server.shutdown();
      await admin.end();
      await cuttable.cut();
      await database.drop();
    }
  });
});
