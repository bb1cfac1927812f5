/**
 * The database adapter: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same committed SQL migrations at start (one dialect: PostgreSQL).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TConfig } from "../../config";
import * as schema from "../../db/schema/index";
import type { TDatabase, TDrizzle } from "../types";
import { resolveMigrationsDir } from "./migrations-dir";

export { findMigrationsDir, resolveMigrationsDir } from "./migrations-dir";

/** Key of the advisory lock that lets one instance at a time migrate a shared PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_342_118_001;

/** Opens the configured database and brings its schema up to date. */
export async function createDatabase(config: TConfig, logger: FastifyBaseLogger): Promise<TDatabase> {
  const migrationsFolder = resolveMigrationsDir();
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, migrationsFolder, logger)
    : await openPglite(join(config.dataDir, "pglite"), migrationsFolder);
  logger.info({ db: database.kind }, "database ready");
  return database;
}

async function openPostgres(
  url: string,
  migrationsFolder: string,
  logger: FastifyBaseLogger,
): Promise<TDatabase> {
  // Only the configured database's driver is imported (bench/README.md, server-memory).
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client dropped by the server emits here; unhandled, it would crash the process.
  pool.on("error", (err) => logger.error({ err: err.message }, "postgres pool error"));
  try {
    const client = await pool.connect();
    try {
      // Instances starting together on one database must not run the same migration twice.
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  const db: TDrizzle = drizzleNodePg({ client: pool, schema });
  return {
    kind: "postgres",
    db,
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL settings of the embedded database. PGlite's default `shared_buffers` (128 MB) is
 * touched at start and lives in the WASM heap for good; one process with one connection and a
 * small database does as well with 16 MB (bench/README.md, server-memory).
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=16MB"];

async function openPglite(dir: string, migrationsFolder: string): Promise<TDatabase> {
  mkdirSync(dir, { recursive: true });
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ],
  );
  // PostgreSQL's WASM is compiled by V8's baseline compiler only: optimising its hot functions
  // costs about 80 MB of code for good and CPU at start, for no gain a visitor notices on our
  // short queries (bench/README.md, server-memory). The flag is read when a module is compiled,
  // so other WASM (the model pipeline's) keeps V8's usual tiers.
  setFlagsFromString("--liftoff-only");
  let client: PGlite;
  try {
    const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
    if (!existsSync(join(dir, "PG_VERSION"))) await initPglite(dir, startParams);
    // pg_trgm: matching scores text similarity (works on Hangul too).
    client = await PGlite.create(dir, { extensions: { pg_trgm }, startParams });
  } finally {
    setFlagsFromString("--no-liftoff-only");
  }
  const pglite = drizzlePglite({ client, schema });
  try {
    await migratePglite(pglite, { migrationsFolder });
  } catch (err) {
    await client.close();
    throw err;
  }
  const db: TDrizzle = pglite;
  return {
    kind: "pglite",
    db,
    ping: () => ping(db),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** The child that creates the cluster: argv[1] is PGlite's entry, argv[2] the directory, argv[3] the start parameters (JSON). */
const INITDB_CHILD = `const [entry, dir, params] = process.argv.slice(1);
require(entry)
  .PGlite.create(dir, { startParams: JSON.parse(params) })
  .then((db) => db.close())
  .catch((error) => {
    const text = (error && error.message) || (error && error.name ? error.name + " (errno " + error.errno + ")" : String(error));
    process.stderr.write(text.slice(0, 500));
    process.exitCode = 1;
  });`;

/**
 * Creates the cluster (initdb) in a child process. PGlite runs initdb in two more WASM instances
 * whose heaps (about 500 MB) the server would keep until a full GC that may not come; a worker
 * thread gave them back but left its allocator's arenas behind (≈ 80 MB of RSS for good); a
 * child's memory all goes back when it exits (bench/README.md, server-memory).
 */
async function initPglite(dir: string, startParams: string[]): Promise<void> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const child = spawn(
    process.execPath,
    ["--liftoff-only", "-e", INITDB_CHILD, entry, dir, JSON.stringify(startParams)],
    {
      stdio: ["ignore", "ignore", "pipe"],
      env: { PATH: process.env.PATH ?? "" },
    },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    if (stderr.length < 2_000) stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) {
    throw new Error(`PGlite could not create its database in ${dir}`, {
      cause: stderr.trim().slice(0, 500) || `exit code ${code}`,
    });
  }
}

async function ping(db: TDrizzle): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
