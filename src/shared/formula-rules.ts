/**
 * What a formula embed's TeX may be (docs/product.md "Validation"). The server renders each
 * formula with KaTeX inside jsdom when a document is stored, and that costs in proportion to
 * KaTeX's markup: up to ~180 bytes per character of TeX (`x^2+` repeated), about 1.5 s for
 * 1,000 characters on a loaded 2-core machine, 31 s for 240 KB, holding the body worker every
 * save on the instance waits for (QA fourth sweep item 6). Formulas people write are far shorter
 * (a 10 × 10 matrix is ~300 characters); KaTeX's own options don't bound this: `maxSize` caps
 * dimensions such as `\rule`, `maxExpand` counts macro expansions, and neither counts the markup.
 */

/** Characters of TeX in one formula. */
export const MAX_FORMULA_CHARS = 1_000;

/**
 * Groups nested in one formula (`{…}`, `\left…\right`, `\begin…\end`): KaTeX parses and builds
 * each level by recursing, and ran out of stack at about 1,500 (`{` ×2,000, `\sqrt{` ×1,000), a
 * 500 from the API. A hundred is far past any formula people write.
 */
export const MAX_FORMULA_NESTING = 100;

// A formula that defines commands multiplies its own length: \def\c{…} used 300 times made 5 MB of
// markup from 708 characters, and KaTeX's maxExpand (1,000) is needed by ordinary formulas, whose
// built-in commands such as \neq and \dots are macros too. One formula has no use for definitions.
const DEFINITION = /\\(?:def|gdef|edef|xdef|let|futurelet|global|newcommand|renewcommand|providecommand)(?![A-Za-z])/;
const OPENERS = new Set(["left", "begin"]);
const CLOSERS = new Set(["right", "end"]);

/** Why `tex` can't be a formula (too long, nested too deep, defining commands), as a sentence, or null when it can. Pure; linear in its length. */
export function formulaProblem(tex: string): string | null {
  if (tex.length > MAX_FORMULA_CHARS) {
    return `A formula may have at most ${MAX_FORMULA_CHARS.toLocaleString("en")} characters; this one has ${tex.length.toLocaleString("en")}.`;
  }
  if (nestingOf(tex) > MAX_FORMULA_NESTING) return `A formula may nest groups ({…}, \\left…\\right, \\begin…\\end) at most ${MAX_FORMULA_NESTING} deep.`;
  if (DEFINITION.test(tex)) return "A formula can't define commands (\\def, \\newcommand, \\let, …): write what they stand for.";
  return null;
}

/** The deepest nesting of groups in `tex`: braces (not `\{` or `\}`), `\left`/`\right`, `\begin`/`\end`. */
function nestingOf(tex: string): number {
  let depth = 0;
  let deepest = 0;
  for (let at = 0; at < tex.length; at += 1) {
    const char = tex[at];
    if (char === "\\") {
      let end = at + 1;
      while (end < tex.length && /[A-Za-z]/.test(tex[end] ?? "")) end += 1;
      const name = tex.slice(at + 1, end);
      if (OPENERS.has(name)) depth += 1;
      else if (CLOSERS.has(name)) depth -= 1;
      // A command's name, or the one character a control symbol (\{, \\, \,) escapes.
      at = name ? end - 1 : at + 1;
    } else if (char === "{") depth += 1;
    else if (char === "}") depth -= 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}
