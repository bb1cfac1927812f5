/**
 * The access log: one line per finished request, at `error` for server errors, at `info` for slow
 * requests and only at `debug` for the rest (incoming requests, 404s and 4xx answers included), so
 * the default level (`info`) logs what needs a look and a busy day does not fill the disk.
 */
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/** Fastify's log controller with the levels above; `slowMs` is when a request counts as slow. */
class RequestLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const isSlow = ms > this.slowMs;
    const level = error || status >= 500 ? "error" : isSlow ? "info" : "debug";
    reply.log[level](
      {
        req: { method: request.method, url: request.url, ip: request.ip },
        res: { statusCode: status },
        responseTime: Math.round(ms),
        ...(isSlow ? { slow: true } : {}),
        ...(error ? { err: error } : {}),
      },
      "request completed",
    );
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // A 4xx is the caller's mistake: worth a line only when debugging.
    if (reply.statusCode >= 500) reply.log.error({ req: request, err: error }, error.message);
    else reply.log.debug({ err: error }, error.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}

/** The log controller for `Fastify({ logController })`. */
export function requestLogController(slowMs: number): LogController {
  return new RequestLogController(slowMs);
}
