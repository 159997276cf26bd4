import { describe, expect, it } from "vitest";
import { blockFormulaStart } from "./markdown-formulas";

// blockFormulaStart replaces a multiline regex that marked ran over the rest of the document for
// every paragraph; it must give marked the same index for every source, or paragraphs would be
// cut elsewhere.
const reference = (source: string) => source.match(/^ {0,3}\$\$/m)?.index;

describe("blockFormulaStart", () => {
  it("finds what the regex finds in hand-picked sources", () => {
    const sources = [
      "",
      "$$",
      "$",
      "text $$ inline",
      "para\n$$x$$",
      "para\n   $$x",
      "para\n    $$x",
      "para\n  \t$$x",
      "a$$$\n$$",
      "x\r  $$",
      "x\u2028$$",
      "x\u2029 $$",
      " $$$$",
      "$$ first line",
      "no formula at all\n\nnone here either",
      "price $5 and $$10\n   $$\n",
    ];
    for (const source of sources) expect(blockFormulaStart(source), JSON.stringify(source)).toBe(reference(source));
  });

  it("finds what the regex finds in 50,000 seeded random sources", () => {
    const alphabet = [" ", " ", " ", "$", "$", "$", "\n", "\r", "\u2028", "\u2029", "\t", "a", "x"];
    let seed = 13;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 50_000; i += 1) {
      const length = Math.floor(random() * 30);
      let source = "";
      for (let j = 0; j < length; j += 1) source += alphabet[Math.floor(random() * alphabet.length)];
      expect(blockFormulaStart(source), JSON.stringify(source)).toBe(reference(source));
    }
  });
});
