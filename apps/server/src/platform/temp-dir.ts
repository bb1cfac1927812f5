/**
 * `DATA_DIR/tmp`: where uploads stream before every check has passed. It belongs to this one
 * process (one `DATA_DIR` per instance), so what is in it at start was left by a crash and is
 * removed (issue 9, item 11).
 */
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";

/** The temp folder of a data directory. */
export function tempDirOf(dataDir: string): string {
  return join(dataDir, "tmp");
}

/** Removes everything in `DATA_DIR/tmp` (creating it when missing); logs how much was left. */
export async function clearTempDir(dataDir: string, logger: FastifyBaseLogger): Promise<void> {
  const dir = tempDirOf(dataDir);
  await mkdir(dir, { recursive: true });
  const entries = await readdir(dir);
  await Promise.all(entries.map((name) => rm(join(dir, name), { recursive: true, force: true })));
  if (entries.length > 0)
    logger.info({ entries: entries.length }, "removed partial uploads left in DATA_DIR/tmp");
}
