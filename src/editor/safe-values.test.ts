import { describe, expect, it } from "vitest";
import { sanitizeOp } from "./safe-values";

describe("sanitizeOp", () => {
  it("pastes a formula past shared/formula-rules.ts as its TeX, as text, and keeps one within them", () => {
    const long = "x^2+".repeat(60_000) + "1";
    expect(sanitizeOp({ insert: { formula: long }, attributes: { bold: true } })).toEqual({ insert: long, attributes: { bold: true } });
    expect(sanitizeOp({ insert: { formula: "\\def\\a{\\a\\a}\\a" } })).toEqual({ insert: "\\def\\a{\\a\\a}\\a" });
    expect(sanitizeOp({ insert: { formula: "e=mc^2" } })).toEqual({ insert: { formula: "e=mc^2" } });
  });
});
