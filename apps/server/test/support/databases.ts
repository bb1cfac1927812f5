/**
 * Database targets for integration and API tests: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set (CI sets it). Each PostgreSQL target is a fresh database of its own,
 * created on TEST_DATABASE_URL's server and dropped again by `cleanup()`.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
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
  await seedPglite(pgliteDir);
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

/**
 * Puts an empty, initialized PGlite cluster at `DATA_DIR/pglite` (where the server looks), copied
 * from a template built once per PGlite version: initdb takes seconds, a copy a fraction of one.
 */
export async function seedPglite(dataDir: string): Promise<void> {
  await cp(await pgliteTemplate(), join(dataDir, "pglite"), { recursive: true });
}

async function pgliteTemplate(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  let packageDir = dirname(entry);
  while (!existsSync(join(packageDir, "package.json"))) packageDir = dirname(packageDir);
  const { version } = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8")) as {
    version: string;
  };
  const template = join(tmpdir(), `vitrine-pglite-template-${version}`);
  if (existsSync(join(template, "PG_VERSION"))) return template;
  const building = await mkdtemp(join(tmpdir(), "vitrine-pglite-build-"));
  const client = await PGlite.create(building);
  await client.close();
  // Test files build in parallel: the first complete template to be renamed into place wins.
  await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  return template;
}
