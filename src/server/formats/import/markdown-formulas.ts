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
    start: (source) => source.match(/^ {0,3}\$\$/m)?.index,
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

function formulaMarkup(tex: string): string {
  return `<span class="ql-formula" data-value="${escapeAttribute(tex)}"></span>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
