/**
 * Database targets for integration and API tests: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set (CI sets it). Each PostgreSQL target is a fresh database of its own,
 * created on TEST_DATABASE_URL's server and dropped again by `cleanup()`.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import pg from "pg";
import { createDatabase } from "../../src/platform/db/index";
import type { TDatabase } from "../../src/platform/types";
import { tempDataDir, testConfig, testLogger } from "./config";

export { tempDataDir } from "./config";

/** One database to run a test suite against. */
export interface TTestDatabaseTarget {
  name: "pglite" | "postgres";
  /** Environment for `loadConfig`/`testConfig`: a fresh DATA_DIR, and DATABASE_URL for PostgreSQL. */
  env: Partial<NodeJS.ProcessEnv>;
  /** Drops the database (PostgreSQL) and removes the temp DATA_DIR. */
  cleanup(): Promise<void>;
}

/** A throwaway PostgreSQL database. */
export interface TTestPostgres {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty database `vitrine_t_<random>` on the server of `baseUrl` (default
 * TEST_DATABASE_URL); `drop()` removes it, closing any connection still open to it.
 */
export async function createTestDatabaseUrl(
  baseUrl: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<TTestPostgres> {
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `vitrine_t_${randomBytes(6).toString("hex")}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The targets of this run. Call once per test file (top-level `await`), then
 * `describe.each(targets)` and `afterAll(() => Promise.all(targets.map((t) => t.cleanup())))`.
 */
export async function testDatabaseTargets(): Promise<TTestDatabaseTarget[]> {
  const pgliteDir = tempDataDir();
  const targets: TTestDatabaseTarget[] = [
    {
      name: "pglite",
      env: { DATA_DIR: pgliteDir },
      cleanup: () => rm(pgliteDir, { recursive: true, force: true }),
    },
  ];
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabaseUrl(process.env.TEST_DATABASE_URL);
    const dataDir = tempDataDir();
    targets.push({
      name: "postgres",
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
      cleanup: async () => {
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    });
  }
  return targets;
}

/** Opens (and migrates) the database of a target, as the server would at start. */
export function openTestDatabase(target: Pick<TTestDatabaseTarget, "env">): Promise<TDatabase> {
  return createDatabase(testConfig(target.env), testLogger());
}
