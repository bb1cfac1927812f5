#!/usr/bin/env node
// `npm start`: installs what is missing, builds what changed, then serves the whole product
// (web app, API, socket) on PORT (default 8080) with no outside service. A second start with
// nothing changed skips straight to serving.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sourceHash } from "./source-hash.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
};

// 1. Dependencies: install when node_modules is missing or older than the lock file.
const lock = join(root, "package-lock.json");
const installed = join(root, "node_modules", ".package-lock.json");
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.log("• Installing dependencies (first start only)…");
  // Not `npm ci`: the registry mirror lacks other platforms' optional binaries, which `npm ci` requires in the lock.
  run("npm", ["install", "--no-audit", "--no-fund"]);
}

// 2. Build: only when the sources changed since the last build.
const stampFile = join(root, ".build-stamp");
const hash = sourceHash(root);
const built =
  existsSync(join(root, "apps/web/dist/index.html")) &&
  existsSync(join(root, "apps/server/dist/main.js")) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, "utf8") === hash;
if (!built) {
  console.log("• Building web app and server…");
  run("node", ["scripts/build.mjs"]);
  writeFileSync(stampFile, hash);
}

// 3. Serve (migrations are applied by the server at start).
const child = spawn(process.execPath, ["apps/server/dist/main.js"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
