import type { TokenizerAndRendererExtension } from "marked";

/**
 * marked extensions for TeX: `$$…$$` (a block, possibly over several lines) and `$…$` inline,
 * both rendered as the editor's formula markup (`<span class="ql-formula" data-value>`), which
 * Quill's clipboard turns into a `formula` embed. An inline formula needs no space just inside
 * its dollars and no digit right after the closing one, so prices ("$5 and $10") stay text.
 */
export const markdownFormulas: TokenizerAndRendererExtension[] = [
  {
    name: "blockFormula",
    level: "block",
    start: blockFormulaStart,
    tokenizer(source) {
      // Display TeX may span lines, but holds no `$$` and no blank line (TeX allows none in
      // maths): so a line that merely starts with an inline `$$…$$` never swallows the blocks after it.
      const match = /^ {0,3}\$\$((?:[^$\n]|\$(?!\$)|\n(?![ \t]*\n))+?)\$\$[ \t]*(?:\n+|$)/.exec(source);
      if (!match?.[1]?.trim()) return undefined;
      return { type: "blockFormula", raw: match[0], text: match[1].trim() };
    },
    renderer: (token) => `<p>${formulaMarkup(String(token.text))}</p>\n`,
  },
  {
    name: "inlineFormula",
    level: "inline",
    start: (source) => source.indexOf("$") >= 0 ? source.indexOf("$") : undefined,
    tokenizer(source) {
      const match = /^\$\$([^$]+?)\$\$|^\$(?![\s$])((?:\\\$|[^$\n])+?)(?<!\s)\$(?!\d)/.exec(source);
      const tex = match?.[1] ?? match?.[2];
      if (!match || !tex?.trim()) return undefined;
      return { type: "inlineFormula", raw: match[0], text: tex.trim() };
    },
    renderer: (token) => formulaMarkup(String(token.text)),
  },
];

/**
 * Where a block formula could start: the index `source.match(/^ {0,3}\$\$/m)?.index` gives
 * (a line start, then up to three spaces and `$$`), found by looking only at each `$$`. marked
 * asks this for every paragraph with the rest of the document, and the regex scanned all of it
 * each time: ~20 ms of a 150 KB document's conversion with no formula in it (issue 13.6).
 * markdown-formulas.test.ts compares the two.
 */
export function blockFormulaStart(source: string): number | undefined {
  for (let at = source.indexOf("$$"); at >= 0; at = source.indexOf("$$", at + 1)) {
    let lineStart = at;
    while (lineStart > 0 && at - lineStart < 3 && source.charCodeAt(lineStart - 1) === SPACE) lineStart -= 1;
    if (lineStart === 0 || isLineTerminator(source.charCodeAt(lineStart - 1))) return lineStart;
  }
  return undefined;
}

const SPACE = 0x20;

/** What ends a line for a regex's multiline `^`: LF, CR, LINE SEPARATOR, PARAGRAPH SEPARATOR. */
function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

function formulaMarkup(tex: string): string {
  return `<span class="ql-formula" data-value="${escapeAttribute(tex)}"></span>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
