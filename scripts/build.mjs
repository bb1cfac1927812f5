#!/usr/bin/env node
// Builds the web app (Vite → apps/web/dist) and the server bundle (esbuild → apps/server/dist).
import { spawnSync } from "node:child_process";

const run = (args) => {
  const result = spawnSync("npm", args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(["run", "build", "-w", "@vitrine/web"]);
run(["run", "build", "-w", "@vitrine/server"]);
