/**
 * Starts, in one child process, the full Vitrine server (dispatcher, envelope on, PGlite) and a
 * bare Fastify route answering the same JSON, then prints their ports as one JSON line.
 */
import { announceAndStopOnTerm, startBareRoute, startBenchVitrine } from "../support/bench-servers";

const { vitrine, config } = await startBenchVitrine();
const bare = await startBareRoute("/api/system/request_ping", () => ({
  status: true,
  rescode: 200,
  data: { pong: true, time: new Date().toISOString() },
}));
announceAndStopOnTerm(vitrine, bare, config);
