/**
 * Starts, in one child process, the full Vitrine server (dispatcher, envelope on, PGlite), a bare
 * Fastify route answering the same JSON, and a second bare route that answers only after
 * `setImmediate` as the dispatcher does (bench/README.md, api-throughput 2026-11-29), then prints
 * their ports as one JSON line.
 */
import { announceAndStopOnTerm, portOf, startBareRoute, startBenchVitrine } from "../support/bench-servers";

const { vitrine, config } = await startBenchVitrine();
const pong = () => ({
  status: true,
  rescode: 200,
  data: { pong: true, time: new Date().toISOString() },
});
const bare = await startBareRoute("/api/system/request_ping", pong);
const bareYield = await startBareRoute("/api/system/request_ping", pong, { yieldFirst: true });
announceAndStopOnTerm(vitrine, bare, config, { bareYield: portOf(bareYield) });
