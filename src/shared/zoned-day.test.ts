import { describe, expect, it } from "vitest";
import { nextDay, zonedDayStart } from "./zoned-day";

describe("zonedDayStart", () => {
  it.each([
    ["2026-11-25", "UTC", "2026-11-25T00:00:00.000Z"],
    ["2026-11-25", "Europe/Berlin", "2026-11-24T23:00:00.000Z"],
    ["2026-07-01", "Europe/Berlin", "2026-06-30T22:00:00.000Z"],
    ["2026-11-25", "America/New_York", "2026-11-25T05:00:00.000Z"],
    ["2026-03-08", "America/New_York", "2026-03-08T05:00:00.000Z"],
    ["2026-11-25", "Asia/Kolkata", "2026-11-24T18:30:00.000Z"],
  ])("starts %s in %s at %s", (day, zone, expected) => {
    expect(zonedDayStart(day, zone)).toBe(expected);
  });

  it("steps to the next day across month ends", () => {
    expect(nextDay("2026-02-28")).toBe("2026-03-01");
    // The end of the last day a date field takes still reads as a day (the audit log's `to`).
    expect(nextDay("9999-12-31")).toBe("+010000-01-01");
    expect(zonedDayStart(nextDay("9999-12-31"), "Asia/Kolkata")).toBe("9999-12-31T18:30:00.000Z");
  });
});
