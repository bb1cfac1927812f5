/**
 * The database adapter: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same committed SQL migrations at start (one dialect: PostgreSQL).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
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

async function openPglite(dir: string, migrationsFolder: string): Promise<TDatabase> {
  mkdirSync(dir, { recursive: true });
  // pg_trgm: matching scores text similarity (works on Hangul too).
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
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

async function ping(db: TDrizzle): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
