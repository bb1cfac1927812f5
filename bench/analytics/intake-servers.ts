/**
 * Starts, in one child process, the full Vitrine server (dispatcher, envelope on, the database of
 * the environment: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR) and a bare Fastify
 * route taking the same JSON and answering `accepted` without storing it, then prints their ports
 * as one JSON line. SIGTERM shuts both down (the server waits for the view logs being written).
 */
import Fastify from "fastify";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: process.env.DATA_DIR,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  PORT: "0",
  HOST: "127.0.0.1",
  ENVELOPE_ENABLED: "true",
  ENVELOPE_SECRET: "bench-envelope-secret-0123456789",
  ENVELOPE_SALT: "bench-salt",
  RATE_LIMITS_ENABLED: "false",
});
const vitrine = await buildApp({ config });
await vitrine.app.listen({ port: 0, host: "127.0.0.1" });

const bare = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
bare.post("/api/user_report/request_add_origin_log_notoken", async () => ({
  status: true,
  rescode: 200,
  data: { accepted: true },
}));
await bare.listen({ port: 0, host: "127.0.0.1" });

const port = (app: { server: { address(): unknown } }) => (app.server.address() as { port: number }).port;
console.log(JSON.stringify({ vitrine: port(vitrine.app), bare: port(bare), envelope: config.envelope }));
process.on("SIGTERM", async () => {
  await bare.close();
  await vitrine.shutdown();
  process.exit(0);
});
