import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningService } from "@test/services";
import { missingServices, startRedis } from "@test/services";
import { createApiRateLimiter } from "./api-rate-limiter";

async function outcomes(take: () => Promise<void>, times: number) {
  const seen: string[] = [];
  for (let i = 0; i < times; i += 1) {
    seen.push(await take().then(
      () => "ok",
      (error: { code?: string; headers?: Record<string, string> }) => `${error.code} ${Number(error.headers?.["Retry-After"]) > 0}`,
    ));
  }
  return seen;
}

describe("ApiRateLimiter", () => {
  it("lets a token make `points` requests per minute, then answers rate_limited with Retry-After", async () => {
    const limiter = createApiRateLimiter(2);
    expect(await outcomes(() => limiter.take("token-a"), 3)).toEqual(["ok", "ok", "rate_limited true"]);
    expect(await outcomes(() => limiter.take("token-b"), 1)).toEqual(["ok"]);
  });

  describe.skipIf(missingServices() !== null)("with Redis", () => {
    let redis: RunningService;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(() => redis?.stop());

    it("shares one allowance between instances", async () => {
      const first = createApiRateLimiter(3, redis.url);
      const second = createApiRateLimiter(3, redis.url);
      await Promise.all([first.ready(), second.ready()]);
      const token = `shared-${Math.random()}`;
      expect(await outcomes(() => first.take(token), 2)).toEqual(["ok", "ok"]);
      expect(await outcomes(() => second.take(token), 2)).toEqual(["ok", "rate_limited true"]);
      await Promise.all([first.close(), second.close()]);
    });
  });
});
