#!/usr/bin/env node
// `npm run dev`: the server from source on PORT (default 8080), restarted when its code changes
// (`tsx watch`), and Vite's dev server for the web app on DEV_WEB_PORT (default 5173), which
// forwards /api, /socket.io and /blobs to the server (apps/web/vite.config.ts). Open
// http://localhost:5173. Ctrl-C stops both; either one stopping stops the other.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT ?? "8080";
const webPort = process.env.DEV_WEB_PORT ?? "5173";
const webUrl = `http://localhost:${webPort}`;

const require = createRequire(import.meta.url);
const tsx = join(dirname(require.resolve("tsx/package.json")), "dist/cli.mjs");
// The root's Vite, the one `@vitejs/plugin-react` (hoisted to the root) is built against: with the
// web workspace's Vite 7 the plugin's fast-refresh wrapper fails on every module in dev. The
// production build (`vite build` in apps/web) is unchanged.
const vite = join(dirname(require.resolve("vite/package.json")), "bin/vite.js");

const children = [
  {
    name: "server",
    args: [tsx, "watch", "--clear-screen=false", "apps/server/src/main.ts"],
    // The browser is on Vite's port: links in mails and the socket's same-origin check use it.
    env: { NODE_ENV: "development", PUBLIC_URL: webUrl, ...process.env, PORT: port },
  },
  {
    name: "web",
    args: [vite, "--port", webPort, "--strictPort"],
    cwd: join(root, "apps/web"),
    env: { ...process.env, VITRINE_API: process.env.VITRINE_API ?? `http://127.0.0.1:${port}` },
  },
].map(({ name, args, cwd = root, env }) => {
  const child = spawn(process.execPath, args, { cwd, env, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    console.log(`\n• ${name} stopped (${signal ?? `exit ${code}`})`);
    stopAll(code ?? (signal ? 1 : 0));
  });
  return child;
});

let isStopping = false;
function stopAll(code) {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));
console.log(`• Vitrine in development: the app on ${webUrl}, the server on port ${port}`);
