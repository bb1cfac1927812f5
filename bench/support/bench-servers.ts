/**
 * The pieces the benches' server processes share: the full Vitrine server as the benches run it
 * (production, silent, envelope on, rate limits off, a fresh PGlite directory unless a database
 * is named), a bare Fastify process beside it for the reference route, and the one JSON line that
 * tells the parent where both listen. SIGTERM shuts both down.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";

type TVitrine = Awaited<ReturnType<typeof buildApp>>;

/** Starts the Vitrine server with the benches' settings; `env` adds or overrides settings. */
export async function startBenchVitrine(
  env: Record<string, string | undefined> = {},
): Promise<{ vitrine: TVitrine; config: ReturnType<typeof loadConfig> }> {
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
    ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)),
  });
  const vitrine = await buildApp({ config });
  await vitrine.app.listen({ port: 0, host: "127.0.0.1" });
  return { vitrine, config };
}

/**
 * A bare Fastify process answering `path` with `answer` (the reference the benches compare to);
 * `yieldFirst` answers only after `setImmediate`, the yield the dispatcher makes.
 */
export async function startBareRoute(
  path: string,
  answer: () => unknown,
  { yieldFirst = false, ...options }: { bodyLimit?: number; yieldFirst?: boolean } = {},
): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false, ...options });
  bare.post(path, async (_request, reply) => {
    if (yieldFirst) await new Promise((resolve) => setImmediate(resolve));
    const value = answer();
    return typeof value === "string" ? reply.type("application/json").send(value) : value;
  });
  await bare.listen({ port: 0, host: "127.0.0.1" });
  return bare;
}

/** The port a started Fastify instance listens on. */
export const portOf = (app: { server: { address(): unknown } }) =>
  (app.server.address() as { port: number }).port;

/**
 * Prints `{vitrine, bare, envelope, ...extra}` as one JSON line for the parent, and shuts both
 * servers down (then `onStop`) on SIGTERM.
 */
export function announceAndStopOnTerm(
  vitrine: TVitrine,
  bare: FastifyInstance,
  config: ReturnType<typeof loadConfig>,
  extra: Record<string, unknown> = {},
  onStop: () => Promise<void> = async () => {},
): void {
  process.on("SIGTERM", async () => {
    await bare.close();
    await vitrine.shutdown();
    await onStop();
    process.exit(0);
  });
  console.log(
    JSON.stringify({ vitrine: portOf(vitrine.app), bare: portOf(bare), ...extra, envelope: config.envelope }),
  );
}
