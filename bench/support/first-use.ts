/**
 * Tools a bench needs but the project does not (Lighthouse, a KTX2 encoder) live in their own
 * folder under `bench/` with their own lock file, installed the first time the bench runs, so CI
 * and `npm install` never download them.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, relative } from "node:path";

/** Runs `npm ci` in `dir` unless `pkg` is already installed there. */
export function installOnFirstUse(dir: string, pkg: string): void {
  if (existsSync(join(dir, "node_modules", pkg, "package.json"))) return;
  const where = relative(process.cwd(), dir) || dir;
  console.log(`installing ${pkg} into ${where} (first run only)…`);
  const done = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], {
    cwd: dir,
    stdio: "inherit",
  });
  if (done.status !== 0) throw new Error(`npm ci in ${where} failed`);
}
