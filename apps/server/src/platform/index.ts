/**
 * Builds the platform every module uses from the configuration: database (migrated), blobs,
 * mail, jobs and rate limits, each choosing its embedded default or its scale-out adapter.
 */
import type { FastifyBaseLogger } from "fastify";
import type { TConfig } from "../config";
import { createBlobStore } from "./blobs/index";
import { createDatabase } from "./db/index";
import { createJobQueue } from "./jobs/index";
import { createMailer } from "./mail/index";
import { createRateLimiter } from "./rate-limit/index";
import { clearTempDir } from "./temp-dir";
import type { TPlatform } from "./types";

/** Creates every adapter; on a failure, closes the ones already open before rethrowing. */
export async function createPlatform(config: TConfig, logger: FastifyBaseLogger): Promise<TPlatform> {
  await clearTempDir(config.dataDir, logger);
  const database = await createDatabase(config, logger);
  const opened: Array<() => Promise<void>> = [() => database.close()];
  try {
    const rateLimits = await createRateLimiter(config, logger);
    opened.push(() => rateLimits.close());
    const mail = createMailer(config, logger);
    opened.push(() => mail.close());
    const blobs = await createBlobStore(config, logger);
    const jobs = createJobQueue(database, config, logger);
    return { config, logger, database, blobs, mail, jobs, rateLimits };
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

/** Closes the platform: job workers first (they use the others), then mail, rate limits, database. */
export async function closePlatform(platform: TPlatform): Promise<void> {
  const steps: Array<[string, () => Promise<void>]> = [
    ["jobs", () => platform.jobs.stop()],
    ["mail", () => platform.mail.close()],
    ["rate limits", () => platform.rateLimits.close()],
    ["database", () => platform.database.close()],
  ];
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      platform.logger.error({ err: error, adapter: name }, "adapter failed to close");
    }
  }
}
