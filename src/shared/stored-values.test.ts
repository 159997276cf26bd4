import { describe, expect, it } from "vitest";
import { clampToStoredMoments, FIRST_STORED_MOMENT, isStoredMoment, isUuid, LAST_STORED_MOMENT, parseIsoMoment } from "./stored-values";

describe("stored values", () => {
  it("takes moments from year 1 to the end of 9999, and clamps others to them", () => {
    expect(isStoredMoment(Date.parse("2026-11-25T00:00:00Z"))).toBe(true);
    expect(isStoredMoment(Date.parse("0000-12-31T23:59:59.999Z"))).toBe(false);
    expect(isStoredMoment(Date.parse("+010000-01-01T00:00:00.000Z"))).toBe(false);
    expect(clampToStoredMoments(Date.parse("+010000-01-01T00:00:00.000Z"))).toBe(LAST_STORED_MOMENT);
    expect(clampToStoredMoments(-1e15)).toBe(FIRST_STORED_MOMENT);
    expect(new Date(LAST_STORED_MOMENT).toISOString()).toBe("9999-12-31T23:59:59.999Z");
  });

  it("reads back only what toISOString writes, in the stored range", () => {
    expect(parseIsoMoment("2026-11-25T14:30:00.000Z")?.toISOString()).toBe("2026-11-25T14:30:00.000Z");
    for (const text of ["+275760-09-13T00:00:00.000Z", "0000-01-01T00:00:00.000Z", "2026-11-25", "2026-11-25T14:30:00Z", "2026-02-30T00:00:00.000Z", "2026-11-25T14:30:00.000Z\u0000", ""]) {
      expect(parseIsoMoment(text), text).toBeNull();
    }
  });

  it("knows a UUID from text of its length", () => {
    expect(isUuid("cfb670ab-1f9d-4a07-bd35-0206d7aa3c9c")).toBe(true);
    expect(isUuid("-".repeat(36))).toBe(false);
    expect(isUuid("cfb670ab-1f9d-4a07-bd35-0206d7aa3c9\u0000")).toBe(false);
  });
});
