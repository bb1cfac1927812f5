/**
 * The one place that turns outcomes into the response envelope `{status, rescode, data, atk?,
 * message?}` (DESIGN "Fixed interfaces") and decides what is logged and what the client sees.
 */
import { AppError, CODES, EnvelopeError, type TCodeName, type TResponseEnvelope } from "@vitrine/contract";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { isOutage } from "./outage";

/** A failure ready to send: HTTP status and body. */
export interface TFailure {
  http: number;
  body: TResponseEnvelope<unknown>;
}

/** The envelope for a failure with a code from the catalogue. */
export function failure(code: TCodeName, options: { message?: string; data?: unknown } = {}): TFailure {
  const def = CODES[code];
  return {
    http: def.http,
    body: {
      status: false,
      rescode: def.rescode,
      data: options.data ?? null,
      message: options.message ?? def.message,
    },
  };
}

/** The envelope for an AppError: its code, message, field errors and data. */
function fromAppError(error: AppError): TFailure {
  const data =
    error.fields || error.data
      ? { ...(error.data ?? {}), ...(error.fields ? { fields: error.fields } : {}) }
      : null;
  return failure(error.code, { message: error.message, data });
}

/** Fastify's own errors (body parser, limits) carry a `code` like `FST_ERR_CTP_BODY_TOO_LARGE`. */
function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === "string";
}

/**
 * Maps any thrown value to the envelope. A database (or other dependency) that cannot be reached
 * answers `serviceUnavailable` (1001, HTTP 503), which the web shows as its outage alert. Anything
 * else unexpected is logged with its stack (the log line carries the request id) and answered as
 * `internal`, never with its message.
 */
export function failureOf(error: unknown, request: FastifyRequest): TFailure {
  if (error instanceof AppError) {
    if (CODES[error.code].http >= 500) request.log.error({ err: error }, "call failed");
    return fromAppError(error);
  }
  if (error instanceof EnvelopeError) {
    request.log.info({ reason: error.message }, "envelope refused");
    return failure("badRequest");
  }
  if (isFastifyError(error)) {
    const status = error.statusCode ?? 500;
    if (status === 413) return failure("tooLarge");
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, reason: error.message }, "request refused");
      return failure("badRequest");
    }
  }
  if (isOutage(error)) {
    // The client shows its outage alert for this code (SPEC §8: 1001, connection refused or reset).
    request.log.error({ err: error }, "dependency unavailable");
    return failure("serviceUnavailable");
  }
  request.log.error({ err: error }, "unexpected error");
  return failure("internal");
}

/** Sends a failure; a rate-limit refusal also says when to retry, in the standard header. */
export function sendFailure(reply: FastifyReply, fail: TFailure): FastifyReply {
  const data = fail.body.data;
  if (typeof data === "object" && data !== null && "retryAfterSeconds" in data) {
    const seconds = Number(data.retryAfterSeconds);
    if (Number.isFinite(seconds) && seconds > 0) reply.header("retry-after", String(Math.ceil(seconds)));
  }
  return reply.code(fail.http).type("application/json; charset=utf-8").send(fail.body);
}
