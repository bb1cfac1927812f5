/**
 * The rate-limit adapter (rate-limiter-flexible): counters in memory by default, in Redis when
 * REDIS_URL is set so every instance shares them. RATE_LIMITS_ENABLED=false turns limits off.
 */
import { AppError } from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { TConfig } from "../../config";
import type { TRateLimiter } from "../types";
import { RATE_BUCKETS, type TRateBucket } from "./buckets";

export { RATE_BUCKETS, RATE_CLASS_BUCKETS, type TRateBucket } from "./buckets";

/** Options with no environment variable: tests isolate their counters with their own prefix. */
export interface TRateLimiterOptions {
  /** Prefix of every counter key (default `vitrine:rl`). */
  keyPrefix?: string;
  /** Buckets by name (default RATE_BUCKETS). */
  buckets?: Record<string, TRateBucket>;
}

/** Creates the rate limiter: Redis-backed when `config.redisUrl` is set, in memory otherwise. */
export async function createRateLimiter(
  config: TConfig,
  logger: FastifyBaseLogger,
  options: TRateLimiterOptions = {},
): Promise<TRateLimiter> {
  const prefix = options.keyPrefix ?? "vitrine:rl";
  const buckets = options.buckets ?? RATE_BUCKETS;
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  const limiters = new Map<string, RateLimiterAbstract>();
  for (const [name, bucket] of Object.entries(buckets)) {
    const base = { keyPrefix: `${prefix}:${name}`, points: bucket.points, duration: bucket.duration };
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: redis,
            // While Redis is unreachable each instance limits on its own instead of failing requests.
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base),
    );
  }

  function limiterOf(bucket: string): RateLimiterAbstract {
    const limiter = limiters.get(bucket);
    if (!limiter) throw new Error(`rate limit: unknown bucket "${bucket}"`);
    return limiter;
  }

  return {
    kind: redis ? "redis" : "memory",
    async consume(bucket, key) {
      const limiter = limiterOf(bucket);
      if (!config.rateLimitsEnabled) return;
      try {
        await limiter.consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          throw new AppError("rateLimited", {
            data: { retryAfterSeconds: Math.ceil(err.msBeforeNext / 1000) },
          });
        }
        throw err;
      }
    },
    async refund(bucket, key) {
      const limiter = limiterOf(bucket);
      if (!config.rateLimitsEnabled) return;
      // Never below zero: a hit given back after its window ended would otherwise be a free one.
      const counted = await limiter.get(key);
      if (!counted || counted.consumedPoints <= 0) return;
      await limiter.reward(key, 1);
    },
    async reset(bucket, key) {
      await limiterOf(bucket).delete(key);
    },
    async tally(bucket, key) {
      return (await limiterOf(bucket).penalty(key, 1)).consumedPoints;
    },
    async block(bucket, key, seconds) {
      const limiter = limiterOf(bucket);
      if (!config.rateLimitsEnabled) return;
      await limiter.block(key, seconds);
    },
    async close() {
      if (redis) await redis.quit();
    },
  };
}

async function connectRedis(url: string, logger: FastifyBaseLogger): Promise<Redis> {
  // Imported only with REDIS_URL, not at every start (bench/README.md, server-memory).
  const { Redis } = await import("ioredis");
  // No offline queue: while disconnected, commands fail at once and the insurance limiter answers.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let isErrorLogged = false;
  redis.on("error", (err: Error) => {
    if (isErrorLogged) return;
    isErrorLogged = true;
    logger.error({ err: err.message }, "rate limit: redis error");
  });
  redis.on("ready", () => {
    isErrorLogged = false;
  });
  await redis.connect();
  return redis;
}
