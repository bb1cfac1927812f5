/**
 * Registers every contract call of every module as `POST <call.path>` and runs it through the
 * same steps: rate limit, envelope, auth, input validation, handler, output validation.
 * Failures are thrown as AppError and answered by the app's one error handler.
 */

import { setImmediate } from "node:timers";
import { AppError, CODES, ENVELOPE_ITERATIONS, EnvelopeError, type TCall } from "@vitrine/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bearerToken } from "./auth";
import { createEnvelopeOpener } from "./http/envelope-open";
import { fieldErrors, ROOT_FIELD } from "./http/field-errors";
import { payloadShapeProblem } from "./http/payload-shape";
import type { TCallBinding, TModule } from "./module";
import type { TAuth, TAuthResolver, TPlatform } from "./types";

/** Options of the dispatcher. */
export interface TDispatcherOptions {
  platform: TPlatform;
  modules: readonly TModule[];
  authResolver: TAuthResolver;
}

/** Checks the caller against the call's level; returns who is calling. */
function requireLevel(call: TCall, auth: TAuth | null): void {
  if (call.auth === "none") return;
  if (!auth) throw new AppError("forbidden");
  if (call.auth === "super" && !auth.isSuper) throw new AppError("forbidden");
}

/** The request body; a beacon's `text/plain` JSON is read for the calls that accept beacons. */
function bodyOf(binding: TCallBinding, request: FastifyRequest): unknown {
  if (typeof request.body !== "string") return request.body;
  if (!binding.acceptsBeacon) throw new EnvelopeError("a text body where JSON was expected");
  try {
    return JSON.parse(request.body) as unknown;
  } catch {
    throw new EnvelopeError("beacon body is not JSON");
  }
}

/** Resolves in the event loop's check phase, once the I/O callbacks of the current turn have run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Registers the calls of `modules` on `app`. Throws if two bindings share a path. */
export async function registerCalls(app: FastifyInstance, options: TDispatcherOptions): Promise<void> {
  const { platform, authResolver } = options;
  const openEnvelope = await createEnvelopeOpener({
    ...platform.config.envelope,
    iterations: ENVELOPE_ITERATIONS,
  });
  const seen = new Set<string>();

  const run = async (binding: TCallBinding, request: FastifyRequest, reply: FastifyReply) => {
    const { call } = binding;
    // Counted before the envelope is opened, so floods cost as little as possible.
    await platform.rateLimits.consume(call.rate, `ip:${request.ip}`);
    // Opened after this turn's other reads, as when WebCrypto's thread-pool job did it: answering
    // inside the read callback costs more CPU per call than the yield (bench/README.md api-throughput).
    await nextTurn();
    const payload = openEnvelope(bodyOf(binding, request));
    const { auth, atk } = await authResolver.authenticate(
      bearerToken(request.headers.authorization),
      call.auth,
    );
    if (atk) {
      // SPEC §8: the client stores the new token and repeats the call, so the handler must not run now.
      const def = CODES.tokenRefreshed;
      return { status: false, rescode: def.rescode, data: null, atk, message: def.message };
    }
    requireLevel(call, auth);
    if (auth) await platform.rateLimits.consume(call.rate, `user:${auth.userId}`);

    // A flood of keys or deep nesting is refused before zod walks (and describes) all of it.
    const problem = payloadShapeProblem(payload);
    if (problem) throw new AppError("validation", { fields: { [ROOT_FIELD]: problem } });
    const input = call.input.safeParse(payload);
    if (!input.success) throw new AppError("validation", { fields: fieldErrors(input.error) });

    const result = await binding.handler(input.data, {
      platform,
      auth,
      ip: request.ip,
      userAgent: request.headers["user-agent"] ?? "",
      request,
      reply,
    });
    const output = call.output.safeParse(result);
    if (!output.success) {
      request.log.error({ call: call.path, issues: output.error.issues }, "handler answer failed its schema");
      throw new AppError("internal");
    }
    const success = binding.success ? CODES[binding.success] : undefined;
    return success
      ? { status: true, rescode: success.rescode, data: output.data, message: success.message }
      : { status: true, rescode: CODES.ok.rescode, data: output.data };
  };

  for (const module of options.modules) {
    for (const binding of module.calls) {
      if (seen.has(binding.call.path)) throw new Error(`call bound twice: ${binding.call.path}`);
      seen.add(binding.call.path);
      app.post(binding.call.path, (request, reply) => run(binding, request, reply));
    }
  }
}
