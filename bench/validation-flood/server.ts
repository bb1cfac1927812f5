/**
 * Starts the full Vitrine server (PGlite, rate limits off) in this process and prints its port
 * and envelope settings as one JSON line. `ENVELOPE_ENABLED` comes from the environment.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: mkdtempSync(join(tmpdir(), "vitrine-bench-")),
  ENVELOPE_ENABLED: process.env.ENVELOPE_ENABLED ?? "false",
  ENVELOPE_SECRET: "bench-envelope-secret-0123456789",
  ENVELOPE_SALT: "bench-salt",
  RATE_LIMITS_ENABLED: "false",
});
const vitrine = await buildApp({ config, webDistDir: null });
await vitrine.app.listen({ port: 0, host: "127.0.0.1" });
const port = (vitrine.app.server.address() as { port: number }).port;
console.log(JSON.stringify({ port, envelope: config.envelope }));
process.on("SIGTERM", async () => {
  await vitrine.shutdown();
  process.exit(0);
});
