/**
 * Starts, in one child process, the full Vitrine server (dispatcher, envelope on, PGlite) and a
 * bare Fastify route answering the same JSON, then prints their ports as one JSON line.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: mkdtempSync(join(tmpdir(), "vitrine-bench-")),
  PORT: "0",
  HOST: "127.0.0.1",
  ENVELOPE_ENABLED: "true",
  ENVELOPE_SECRET: "bench-envelope-secret-0123456789",
  ENVELOPE_SALT: "bench-salt",
  RATE_LIMITS_ENABLED: "false",
});
const vitrine = await buildApp({ config });
await vitrine.app.listen({ port: 0, host: "127.0.0.1" });

const bare = Fastify({ logger: false });
bare.post("/api/system/request_ping", async () => ({
  status: true,
  rescode: 200,
  data: { pong: true, time: new Date().toISOString() },
}));
await bare.listen({ port: 0, host: "127.0.0.1" });

const port = (app: { server: { address(): unknown } }) => (app.server.address() as { port: number }).port;
console.log(JSON.stringify({ vitrine: port(vitrine.app), bare: port(bare), envelope: config.envelope }));
process.on("SIGTERM", async () => {
  await bare.close();
  await vitrine.shutdown();
  process.exit(0);
});
