import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { processSingleton } from "@/server/process-singleton";

/** Reset links one email address may be sent per window: enough to retry, too few to flood an inbox. */
export const RESET_REQUESTS_PER_ADDRESS = 3;
/** Reset requests one client address may make per window, whatever the email addresses. */
export const RESET_REQUESTS_PER_CLIENT = 20;
export const RESET_WINDOW_SECONDS = 60 * 60;

/**
 * Counts "Forgot password?" requests per email address and per client address (in memory, like
 * the sign-in limits). Every request counts, whether or not an account has the address, so being
 * refused says nothing about who has an account.
 */
export class PasswordResetLimiter {
  private readonly byEmail = new RateLimiterMemory({ keyPrefix: "reset-email", points: RESET_REQUESTS_PER_ADDRESS, duration: RESET_WINDOW_SECONDS });
  private readonly byClient = new RateLimiterMemory({ keyPrefix: "reset-client", points: RESET_REQUESTS_PER_CLIENT, duration: RESET_WINDOW_SECONDS });

  /** Takes one request; resolves to the seconds to wait when a limit is spent, else null. */
  async take(email: string, ip: string | null): Promise<number | null> {
    const taken = await Promise.allSettled([this.byEmail.consume(email.trim().toLowerCase()), this.byClient.consume(ip ?? "unknown")]);
    const waits = taken.flatMap((result) => (result.status === "rejected" ? [msBefore(result.reason)] : []));
    return waits.length === 0 ? null : Math.max(1, Math.ceil(Math.max(...waits) / 1000));
  }
}

function msBefore(reason: unknown): number {
  if (reason instanceof RateLimiterRes) return reason.msBeforeNext;
  throw reason;
}

/** The process's limiter: server actions run in Next's bundles, which load their own copy of this module. */
export function passwordResetLimiter(): PasswordResetLimiter {
  return processSingleton("password-reset-limiter", () => new PasswordResetLimiter());
}
