/**
 * Authentication of the upload routes, which are multipart and so not contract calls: the same
 * resolver and rate-limit classes as the dispatcher, and the same 803 answer when the access
 * token was refreshed (the client stores `atk` and sends the upload again).
 */
import { AppError, CODES, type TRateClass, type TResponseEnvelope } from "@vitrine/contract";
import type { FastifyRequest } from "fastify";
import { bearerToken } from "./auth";
import type { TAuth, TAuthResolver, TRateLimiter } from "./types";

/** The outcome: a caller, or the 803 envelope to send instead of running the route. */
export type TRouteAuth = { auth: TAuth; refreshed?: undefined } | { refreshed: TResponseEnvelope<null> };

/** Authenticates an owner route; throws `forbidden` (or `rateLimited`) like an owner call would. */
export async function authenticateOwner(
  request: FastifyRequest,
  resolver: TAuthResolver,
  rateLimits: TRateLimiter,
  rate: TRateClass,
): Promise<TRouteAuth> {
  await rateLimits.consume(rate, `ip:${request.ip}`);
  const { auth, atk } = await resolver.authenticate(bearerToken(request.headers.authorization), "owner");
  if (atk) {
    const def = CODES.tokenRefreshed;
    return { refreshed: { status: false, rescode: def.rescode, data: null, atk, message: def.message } };
  }
  if (!auth) throw new AppError("forbidden");
  await rateLimits.consume(rate, `user:${auth.userId}`);
  return { auth };
}
