/** Test configuration: a real `TConfig` from an explicit environment, never the developer's own. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FastifyBaseLogger, fastify } from "fastify";
import { loadConfig, type TConfig } from "../../src/config";

/** A fresh empty folder under the OS temp dir, for DATA_DIR and the like. */
export function tempDataDir(prefix = "vitrine-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Builds a `TConfig` for tests: a fresh temp DATA_DIR, NODE_ENV=test, silent logs, plus `overrides`
 * (environment variables, e.g. `{ DATABASE_URL, REDIS_URL }`), which win over everything.
 */
export function testConfig(overrides: Partial<NodeJS.ProcessEnv> = {}): TConfig {
  return loadConfig({ DATA_DIR: tempDataDir(), NODE_ENV: "test", LOG_LEVEL: "silent", ...overrides });
}

/** A real (pino) logger that writes nothing, for adapters under test. */
export function testLogger(): FastifyBaseLogger {
  return fastify({ logger: { level: "silent" } }).log;
}
