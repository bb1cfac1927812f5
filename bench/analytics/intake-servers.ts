/**
 * Starts, in one child process, the full Vitrine server (dispatcher, envelope on, the database of
 * the environment: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR) and a bare Fastify
 * route taking the same JSON and answering `accepted` without storing it, then prints their ports
 * as one JSON line. SIGTERM shuts both down (the server waits for the view logs being written).
 */
import { announceAndStopOnTerm, startBareRoute, startBenchVitrine } from "../support/bench-servers";

const { vitrine, config } = await startBenchVitrine({
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
});
const bare = await startBareRoute(
  "/api/user_report/request_add_origin_log_notoken",
  () => ({ status: true, rescode: 200, data: { accepted: true } }),
  { bodyLimit: 1024 * 1024 },
);
announceAndStopOnTerm(vitrine, bare, config);
