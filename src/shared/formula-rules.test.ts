import { describe, expect, it } from "vitest";
import { MAX_FORMULA_CHARS, MAX_FORMULA_NESTING, formulaProblem } from "./formula-rules";

describe("formulaProblem", () => {
  it("accepts formulas people write, up to the limits", () => {
    for (const tex of ["e=mc^2", "\\frac{a}{b}", "\\left( \\sum_{i=1}^{n} x_i \\right)", "\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}", "\\{ x \\mid x > 0 \\}", "\\definecolor", "x".repeat(MAX_FORMULA_CHARS)]) {
      expect(formulaProblem(tex), tex).toBeNull();
    }
    expect(formulaProblem("{".repeat(MAX_FORMULA_NESTING) + "x" + "}".repeat(MAX_FORMULA_NESTING))).toBeNull();
  });

  it("refuses a formula one character too long, saying how long it is", () => {
    expect(formulaProblem("x".repeat(MAX_FORMULA_CHARS + 1))).toBe("A formula may have at most 1,000 characters; this one has 1,001.");
  });

  it("refuses groups nested one level too deep, counting braces, \\left and \\begin but not \\{", () => {
    const tooDeep = "A formula may nest groups ({…}, \\left…\\right, \\begin…\\end) at most 100 deep.";
    expect(formulaProblem("{".repeat(MAX_FORMULA_NESTING + 1) + "x" + "}".repeat(MAX_FORMULA_NESTING + 1))).toBe(tooDeep);
    expect(formulaProblem("\\left(".repeat(MAX_FORMULA_NESTING + 1) + "x")).toBe(tooDeep);
    expect(formulaProblem("\\left(\\right)".repeat(70))).toBeNull();
    expect(formulaProblem("\\begin{a}".repeat(MAX_FORMULA_NESTING + 1) + "x")).toBe(tooDeep);
    expect(formulaProblem("\\{".repeat(400))).toBeNull();
  });

  it("refuses formulas that define commands", () => {
    for (const tex of ["\\def\\a{\\a\\a}\\a", "\\gdef\\x{1}", "\\newcommand{\\c}{x}\\c", "\\let\\a=b", "\\renewcommand\\b{x}"]) {
      expect(formulaProblem(tex), tex).toBe("A formula can't define commands (\\def, \\newcommand, \\let, …): write what they stand for.");
    }
  });
});
