/** Finds the committed SQL migrations (`apps/server/drizzle/`) from source and from the bundle. */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Walks up from `start` to the first folder holding `drizzle/meta/_journal.json`. From source
 * (`src/platform/db/`) and from the bundle (`dist/main.js`) alike that is `apps/server/`.
 */
export function findMigrationsDir(start: string): string | undefined {
  let dir = start;
  for (;;) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The migrations folder; throws naming the search start when it is missing (a broken install). */
export function resolveMigrationsDir(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  const found = findMigrationsDir(start);
  if (!found) throw new Error(`SQL migrations (drizzle/meta/_journal.json) not found above ${start}`);
  return found;
}
