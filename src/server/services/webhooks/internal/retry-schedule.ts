/** Retries stop this long after a delivery's first attempt was due (docs/product.md "Webhooks"). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 4 * 60 * 60 * 1000;

/** How long to wait after the `attempt`-th failed attempt (1-based): 30 s, doubling, at most 4 hours. */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), LONGEST_WAIT_MS);
}

/**
 * When to try again after the `attempt`-th attempt failed at `now`, or null to give up: the
 * backoff's next time, but never past the 24-hour window, whose end gets one last attempt.
 */
export function nextAttemptAfterFailure(attempt: number, scheduledAt: Date, now: Date): Date | null {
  const deadline = scheduledAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  return new Date(Math.min(now.getTime() + retryDelayMs(attempt), deadline));
}
