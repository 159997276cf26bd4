import IORedis from "ioredis";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "@/server/errors";
import { getEnv } from "@/server/env";
import { processSingleton } from "@/server/process-singleton";

/** The window API_RATE_LIMIT counts requests in. */
export const API_RATE_WINDOW_SECONDS = 60;

/**
 * Counts API requests per token (API_RATE_LIMIT a minute). In memory per process, or in Redis
 * when REDIS_URL is set, so instances behind one load balancer share one allowance; if Redis
 * can't be reached the process's own memory counts instead (an outage must not open the gate,
 * nor close the API).
 */
export class ApiRateLimiter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly store?: IORedis,
  ) {}

  /** Resolves once the shared store is connected (at once without one); until then each process counts alone. */
  async ready(): Promise<void> {
    const store = this.store;
    if (!store || store.status === "ready") return;
    await new Promise<void>((resolve) => store.once("ready", () => resolve()));
  }

  /** Disconnects from the shared store, if any. */
  async close(): Promise<void> {
    await this.store?.quit();
  }

  /** Takes one request from the token's allowance. @throws AppError rate_limited (with Retry-After) */
  async take(tokenId: string): Promise<void> {
    try {
      await this.limiter.consume(`token:${tokenId}`);
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result;
      const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      throw new AppError("rate_limited", `Too many requests with this token. Try again in ${seconds} s.`, undefined, {
        "Retry-After": String(seconds),
      });
    }
  }
}

/** A limiter allowing `points` requests per window, in Redis when `redisUrl` is given. */
export function createApiRateLimiter(points: number, redisUrl?: string): ApiRateLimiter {
  const options = { points, duration: API_RATE_WINDOW_SECONDS, keyPrefix: "quire-api" };
  if (!redisUrl) return new ApiRateLimiter(new RateLimiterMemory(options));
  const storeClient = new IORedis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  storeClient.on("error", (error: Error) => console.error("[api] rate limit store:", error.message));
  return new ApiRateLimiter(new RateLimiterRedis({ ...options, storeClient, insuranceLimiter: new RateLimiterMemory(options) }), storeClient);
}

/** The process's API rate limiter (API_RATE_LIMIT, REDIS_URL). */
export function getApiRateLimiter(): ApiRateLimiter {
  return processSingleton("api-rate-limiter", () => {
    const env = getEnv();
    return createApiRateLimiter(env.API_RATE_LIMIT, env.REDIS_URL);
  });
}
