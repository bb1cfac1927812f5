/**
 * Entry point: `node dist/main.js` (or `npm start`). Reads the configuration, serves everything
 * on HOST:PORT and shuts down gracefully on SIGTERM/SIGINT.
 */
import { buildApp } from "./app";
import { ConfigError, loadConfig, type TConfig } from "./config";

async function main(): Promise<void> {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const { app, shutdown } = await buildApp({ config, trustProxy: config.trustProxy });
  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, "shutdown timed out, exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    shutdown().then(
      () => {
        app.log.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));

  try {
    const address = await app.listen({ host: config.host, port: config.port });
    app.log.info({ url: address, publicUrl: config.publicUrl }, `Vitrine is listening on ${address}`);
  } catch (error) {
    app.log.fatal({ err: error }, "could not start");
    await shutdown().catch(() => undefined);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  // Not a configuration mistake: the stack helps whoever runs the server.
  process.stderr.write(
    `Vitrine failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
