import { describe, expect, it } from "vitest";
import { summarizeText } from "./present-published-page";

describe("summarizeText (published page description)", () => {
  it("keeps a short text whole, with whitespace collapsed", () => {
    expect(summarizeText("  Hello\n\nworld  ")).toBe("Hello world");
  });

  it("cuts a long text at a word, within 160 characters, with an ellipsis", () => {
    const result = summarizeText(`${"word ".repeat(60)}end`);
    expect(result.length).toBeLessThanOrEqual(160);
    expect(result.endsWith("word…")).toBe(true);
  });

  it("cuts a text without spaces at 159 characters", () => {
    expect(summarizeText("x".repeat(500))).toBe(`${"x".repeat(159)}…`);
  });
});
