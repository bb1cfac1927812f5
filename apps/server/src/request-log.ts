/**
 * The access log: one line per finished request, at `error` for server errors, at `info` for slow
 * requests and only at `debug` for the rest, so the default level (`info`) logs what needs a look
 * and a busy day does not fill the disk (Fastify's own per-request lines are turned off).
 */
import type { FastifyInstance } from "fastify";

/** Adds the access-log hook; `slowMs` is the threshold above which a request counts as slow. */
export function registerRequestLog(app: FastifyInstance, slowMs: number): void {
  app.addHook("onResponse", async (request, reply) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const level = status >= 500 ? "error" : ms > slowMs ? "info" : "debug";
    request.log[level](
      {
        req: { method: request.method, url: request.url, ip: request.ip },
        res: { statusCode: status },
        responseTime: Math.round(ms),
        slow: ms > slowMs || undefined,
      },
      "request completed",
    );
  });
}
