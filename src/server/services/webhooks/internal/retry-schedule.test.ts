import { describe, expect, it } from "vitest";
import { RETRY_WINDOW_MS, nextAttemptAfterFailure, retryDelayMs } from "./retry-schedule";

describe("retry schedule", () => {
  it("waits 30 s after the first failure, doubling up to 4 hours", () => {
    expect([1, 2, 3, 4, 5, 9, 10, 20].map((n) => retryDelayMs(n) / 1000)).toEqual([30, 60, 120, 240, 480, 7680, 14400, 14400]);
  });

  it("keeps retrying for 24 hours, the last attempt at the window's end, then gives up", () => {
    const scheduledAt = new Date("2026-01-01T00:00:00Z");
    let now = scheduledAt;
    const attempts: Date[] = [now];
    for (let attempt = 1; ; attempt += 1) {
      const next = nextAttemptAfterFailure(attempt, scheduledAt, now);
      if (!next) break;
      attempts.push(next);
      now = next;
    }
    const last = attempts.at(-1);
    expect(last?.getTime()).toBe(scheduledAt.getTime() + RETRY_WINDOW_MS);
    expect(attempts.length).toBe(15);
    // Every wait grows or stays at the cap, but the clamped last one.
    const waits = attempts.slice(1).map((at, i) => at.getTime() - (attempts[i]?.getTime() ?? 0));
    expect(waits.slice(0, -1).every((wait, i) => i === 0 || wait >= (waits[i - 1] ?? 0))).toBe(true);
  });
});
