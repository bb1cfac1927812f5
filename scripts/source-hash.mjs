// A hash of every file that goes into the build, so `npm start` rebuilds only when one changed.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const INPUTS = [
  "packages",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/scripts",
  "apps/web/package.json",
  "apps/server/src",
  "apps/server/drizzle",
  "apps/server/build.mjs",
  "package-lock.json",
];
const SKIP = new Set(["node_modules", "dist", ".turbo"]);

function walk(path, out) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) if (!SKIP.has(name)) walk(join(path, name), out);
  } else if (!/\.test\.tsx?$/.test(path)) {
    out.push(path);
  }
}

/** sha256 over the paths and contents of all build inputs. */
export function sourceHash(root) {
  const files = [];
  for (const input of INPUTS) walk(join(root, input), files);
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}
