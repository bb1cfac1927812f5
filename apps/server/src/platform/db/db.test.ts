import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { testConfig, testLogger } from "../../../test/support/config";
import { createTestDatabaseUrl, tempDataDir, testDatabaseTargets } from "../../../test/support/databases";
import { jobs } from "../../db/schema/platform";
import { createDatabase, findMigrationsDir, resolveMigrationsDir } from "./index";

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const serverRoot = resolve(import.meta.dirname, "../../..");

describe("migrations folder", () => {
  it("is apps/server/drizzle from the source tree and from the bundle's dist/", () => {
    expect(resolveMigrationsDir()).toBe(join(serverRoot, "drizzle"));
    expect(findMigrationsDir(join(serverRoot, "dist"))).toBe(join(serverRoot, "drizzle"));
  });
});

describe("embedded database on a fresh DATA_DIR", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("creates its cluster (initdb in a child process) and migrates it", async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const database = await createDatabase(testConfig({ DATA_DIR: dataDir }), testLogger());
    try {
      expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
      await database.db.insert(jobs).values({ id: "job_fresh", type: "fresh", payload: {} });
      expect(await database.db.select({ type: jobs.type }).from(jobs)).toEqual([{ type: "fresh" }]);
    } finally {
      await database.close();
    }
  }, 30_000);

  it("says why it cannot create the cluster, and the server does not start on half a database", async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    // A stray file where initdb puts a directory.
    mkdirSync(join(dataDir, "pglite"), { recursive: true });
    writeFileSync(join(dataDir, "pglite", "base"), "not a directory");
    const failure = await createDatabase(testConfig({ DATA_DIR: dataDir }), testLogger()).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      `PGlite could not create its database in ${join(dataDir, "pglite")}`,
    );
    expect(String((failure as Error).cause)).toMatch(/errno|Error/);
    expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(false);
  }, 30_000);
});

describe.each(targets)("database on $name", (target) => {
  it("migrates at start, answers ping, and opens again with its data kept", async () => {
    const config = testConfig(target.env);
    const first = await createDatabase(config, testLogger());
    expect(first.kind).toBe(target.name);
    expect(await first.ping()).toBe(true);
    await first.db.insert(jobs).values({ id: "job_keep", type: "kept", payload: { a: 1 } });
    await first.close();
    expect(await first.ping()).toBe(false);

    // Reopening applies no migration twice and keeps the rows.
    const second = await createDatabase(config, testLogger());
    expect(await second.db.select({ type: jobs.type, payload: jobs.payload }).from(jobs)).toEqual([
      { type: "kept", payload: { a: 1 } },
    ]);
    const tables = await second.db
      .select({ name: sql<string>`table_name` })
      .from(sql`information_schema.tables`)
      .where(sql`table_schema = 'public'`);
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["jobs", "view_logs"]));
    await second.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("database on a shared PostgreSQL", () => {
  it("lets several instances start at once on a fresh database", async () => {
    const pg = await createTestDatabaseUrl();
    try {
      const config = testConfig({ DATABASE_URL: pg.url });
      const instances = await Promise.all([1, 2, 3].map(() => createDatabase(config, testLogger())));
      for (const instance of instances) expect(await instance.ping()).toBe(true);
      await Promise.all(instances.map((i) => i.close()));
    } finally {
      await pg.drop();
    }
  });
});
