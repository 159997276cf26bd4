import type { Tokens } from "marked";
import { Marked } from "marked";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { codeBlockLanguage } from "./code-languages";
import { htmlToDelta } from "./html-to-delta";
import { markdownFormulas } from "./markdown-formulas";

/**
 * The delta of a CommonMark + GFM document, as the editor would hold it: Markdown becomes HTML
 * (markdownToHtml) and the HTML goes through Quill's clipboard (htmlToDelta), the one path
 * every import takes. Inline HTML in the Markdown (`<u>` from our own export) passes through
 * the same way.
 */
export async function markdownToDelta(markdown: string): Promise<BodyDelta> {
  return htmlToDelta(markdownToHtml(markdown));
}

/**
 * HTML for Quill's clipboard: headings, emphasis, `~~strike~~`, inline code, links, images,
 * nested ordered/bullet/task lists (task items carry `data-list`), blockquotes, fenced code as
 * `<pre data-language>` with the editor's language names, `$…$`/`$$…$$` as formula markup.
 * GFM tables become `<table>`s with a `<thead>` (prepareHtml keeps them as the editor holds
 * tables), without one when its cells are all empty; horizontal rules are dropped.
 */
export function markdownToHtml(markdown: string): string {
  return String(parser.parse(markdown.replace(/^\uFEFF/, ""), { async: false }));
}

const parser = new Marked({
  gfm: true,
  extensions: markdownFormulas,
  renderer: {
    code({ text, lang }: Tokens.Code) {
      // A parser drops a newline right after <pre>: this one, so a first line left empty stays.
      return `<pre data-language="${codeBlockLanguage(lang)}">\n${escapeText(text)}</pre>\n`;
    },
    listitem(item: Tokens.ListItem) {
      const list = item.task ? ` data-list="${item.checked ? "checked" : "unchecked"}"` : "";
      return `<li${list}>${this.parser.parse(item.tokens)}</li>\n`;
    },
    checkbox() {
      return "";
    },
    // GFM needs a header row; our export writes an empty one for a table that has none
    // (markdown-table.ts), so an all-empty header row is no row: the round trip stays exact.
    table(token: Tokens.Table) {
      if (!token.header.every((cell) => cell.text.trim() === "")) return false;
      const rows = token.rows.map((row) => this.tablerow({ text: row.map((cell) => this.tablecell(cell)).join("") })).join("");
      return `<table><tbody>${rows}</tbody></table>\n`;
    },
    // The editor has no rule; an empty line keeps the gap between the parts it separated.
    hr() {
      return "<p><br></p>\n";
    },
  },
});

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
