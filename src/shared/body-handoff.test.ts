import { afterEach, describe, expect, it, vi } from "vitest";
import { claimHandedOffBody, handOffBody } from "./body-handoff";

describe("body handoff", () => {
  afterEach(() => vi.useRealTimers());

  it("gives a handed-over body to its key once", () => {
    const first = handOffBody("<p>One</p>");
    const second = handOffBody("<p>Two</p>");
    expect(first).not.toBe(second);
    expect(claimHandedOffBody(second)).toBe("<p>Two</p>");
    expect(claimHandedOffBody(first)).toBe("<p>One</p>");
    expect(claimHandedOffBody(first)).toBeUndefined();
    expect(claimHandedOffBody("unknown")).toBeUndefined();
  });

  it("drops a body nobody claimed after a minute", () => {
    vi.useFakeTimers();
    const key = handOffBody("<p>Abandoned</p>");
    vi.advanceTimersByTime(59_000);
    const kept = handOffBody("<p>Kept</p>");
    vi.advanceTimersByTime(1_001);
    expect(claimHandedOffBody(key)).toBeUndefined();
    expect(claimHandedOffBody(kept)).toBe("<p>Kept</p>");
  });
});
