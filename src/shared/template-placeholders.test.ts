import { describe, expect, it } from "vitest";
import { fillPlaceholderText, fillPlaceholders, placeholderValues } from "./template-placeholders";

const values = { date: "Nov 26, 2026", time: "3:05 PM", author: "Ada Lovelace", title: "Standup" };

describe("placeholderValues", () => {
  it("reads the date and time in the creator's zone, as the app shows times", () => {
    // 23:30 UTC on the 25th is already the 26th in Tokyo and still the 25th in New York.
    const now = new Date("2026-11-25T23:30:00Z");
    expect(placeholderValues({ now, timeZone: "Asia/Tokyo", author: "A", title: "T" })).toEqual({ date: "Nov 26, 2026", time: "8:30 AM", author: "A", title: "T" });
    expect(placeholderValues({ now, timeZone: "America/New_York", author: "A", title: "T" })).toMatchObject({ date: "Nov 25, 2026", time: "6:30 PM" });
  });

  it("falls back to UTC for a missing or unknown zone", () => {
    const now = new Date("2026-11-25T23:30:00Z");
    expect(placeholderValues({ now, timeZone: "Mars/Olympus", author: "A", title: "T" })).toMatchObject({ date: "Nov 25, 2026", time: "11:30 PM" });
    expect(placeholderValues({ now, author: "A", title: "T" })).toMatchObject({ date: "Nov 25, 2026" });
  });
});

describe("fillPlaceholderText", () => {
  it("fills the four placeholders, with spaces inside the braces and in any case", () => {
    expect(fillPlaceholderText("{{date}} {{ time }} {{Author}} {{TITLE}}", values)).toBe("Nov 26, 2026 3:05 PM Ada Lovelace Standup");
  });

  it("leaves unknown names, single braces and broken ones as typed", () => {
    expect(fillPlaceholderText("{{project}} {date} {{date} {{ }} {{da te}}", values)).toBe("{{project}} {date} {{date} {{ }} {{da te}}");
  });

  it("does not fill what a filled value brings in", () => {
    expect(fillPlaceholderText("{{title}}", { ...values, title: "{{author}}" })).toBe("{{author}}");
  });
});

describe("fillPlaceholders", () => {
  it("keeps each run's formatting and every embed as it is", () => {
    const image = { insert: { image: "/api/v1/files/abc" }, attributes: { alt: "{{date}}" } };
    const delta = { ops: [{ insert: "By {{author}}", attributes: { bold: true } }, image, { insert: "\n", attributes: { header: 2 } }] };
    expect(fillPlaceholders(delta, values)).toEqual({
      ops: [{ insert: "By Ada Lovelace", attributes: { bold: true } }, image, { insert: "\n", attributes: { header: 2 } }],
    });
  });

  it("leaves a placeholder split across differently formatted runs as typed", () => {
    const delta = { ops: [{ insert: "{{da", attributes: { bold: true } }, { insert: "te}}\n" }] };
    expect(fillPlaceholders(delta, values)).toEqual(delta);
  });
});
