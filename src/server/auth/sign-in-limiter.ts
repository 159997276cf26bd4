import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** Sign-in attempts allowed per client address and per account each window (docs/product.md "Limits"). */
export const SIGN_IN_ATTEMPTS = 10;
export const SIGN_IN_WINDOW_SECONDS = 60;

/** Counts failed sign-ins by client address and by account; successes are given back. */
export class SignInLimiter {
  private readonly limiter = new RateLimiterMemory({
    points: SIGN_IN_ATTEMPTS,
    duration: SIGN_IN_WINDOW_SECONDS,
  });

  /** Takes one attempt for each key; resolves to seconds to wait when any key is spent, else null. */
  async take(keys: string[]): Promise<number | null> {
    let retryAfterMs = 0;
    for (const key of keys) {
      try {
        await this.limiter.consume(key);
      } catch (result) {
        if (!(result instanceof RateLimiterRes)) throw result;
        retryAfterMs = Math.max(retryAfterMs, result.msBeforeNext);
      }
    }
    return retryAfterMs > 0 ? Math.max(1, Math.ceil(retryAfterMs / 1000)) : null;
  }

  /** Gives the attempts back after a successful sign-in. */
  async giveBack(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.limiter.reward(key, 1)));
  }
}

/** The limiter keys for one attempt: the client address and the account. */
export function signInKeys(ip: string | null, email: string | undefined): string[] {
  const keys = [`ip:${ip ?? "unknown"}`];
  if (email) keys.push(`email:${email.trim().toLowerCase()}`);
  return keys;
}
