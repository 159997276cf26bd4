import type { TokenizerExtension, Tokens } from "marked";
import { Marked, Renderer, Tokenizer } from "marked";
import { wrapTabs } from "@/server/body/pre-whitespace";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { tableSizeProblem } from "@/server/body/table-limits";
import { codeBlockLanguage } from "./code-languages";
import {
  MAX_MARKDOWN_BLOCKS,
  MAX_MARKDOWN_EMPHASIS_NESTING,
  MAX_MARKDOWN_NESTING,
  tooDeepMarkdown,
  tooDeepMarkdownEmphasis,
  tooLargeTable,
  tooManyMarkdownBlocks,
} from "./conversion-limits";
import { htmlToDelta } from "./html-to-delta";
import { markdownFormulas } from "./markdown-formulas";
import type { UnreadableFileError } from "./unreadable-file-error";

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
  const run: Budget = { blocks: 0, depth: 0, emphasis: 0 };
  budget = run;
  try {
    return String(parser.parse(markdown.replace(/^\uFEFF/, ""), { async: false }));
  } catch (error) {
    // marked appends "Please report this to…" to the message of whatever a tokenizer throws.
    throw run.refusal ?? error;
  } finally {
    budget = null;
  }
}

/**
 * What the parse running now has spent (docs/product.md "Limits"): blocks read at every level,
 * and how many lists and quotes enclose the one being read. A parse is synchronous, so one
 * budget at a time.
 */
interface Budget {
  blocks: number;
  depth: number;
  /** How many emphases and strikethroughs enclose the text being read (see emphasis()). */
  emphasis: number;
  refusal?: UnreadableFileError;
}
let budget: Budget | null = null;

/** Ends the parse: markdownToHtml throws `refusal` itself, since marked rewrites the message of what it catches. */
function refuse(run: Budget, refusal: UnreadableFileError): never {
  run.refusal = refusal;
  throw new Error(refusal.message);
}

/**
 * Asked first at every step of every level, as marked starts reading a block: counts the blocks,
 * refusing the file past MAX_MARKDOWN_BLOCKS (a file of many tiny blocks is refused before their
 * tokens and markup fill the worker's memory), and refuses content nested in more than
 * MAX_MARKDOWN_NESTING lists and quotes (see nested()).
 */
const blockBudget: TokenizerExtension = {
  name: "blockBudget",
  level: "block",
  tokenizer(source) {
    if (!budget) return undefined;
    // Blank lines between blocks are no blocks: they become no markup.
    if (!BLANK_LINE.test(source) && ++budget.blocks > MAX_MARKDOWN_BLOCKS) refuse(budget, tooManyMarkdownBlocks());
    if (budget.depth > MAX_MARKDOWN_NESTING) refuse(budget, tooDeepMarkdown());
    return undefined;
  },
};

const BLANK_LINE = /^[ \t]*(?:\n|$)/;

/**
 * marked reads a list item's or a quote's content by recursing, and each level re-reads all that
 * follows on its line: "- " repeated 300,000 times ran a worker out of memory, 10,000 times out of
 * stack. So the list and quote tokenizers count the levels they are reading, and blockBudget
 * refuses the first block read inside one level too many.
 */
function nested<T>(read: () => T): T {
  const run = budget;
  if (!run) return read();
  run.depth += 1;
  try {
    return read();
  } finally {
    run.depth -= 1;
  }
}

/**
 * marked reads the text inside an emphasis or a strikethrough by recursing, masking and scanning
 * all of it again at each level (MAX_MARKDOWN_EMPHASIS_NESTING says what that cost). So its
 * tokenizers count the levels they are reading, and one level too many refuses the file, saying
 * why, rather than running to the conversion's time limit or out of stack ("could not be read").
 */
function emphasis<T>(read: () => T): T {
  const run = budget;
  if (!run) return read();
  // `run.emphasis` emphases, each of them read, enclose the text this call reads.
  if (run.emphasis > MAX_MARKDOWN_EMPHASIS_NESTING) refuse(run, tooDeepMarkdownEmphasis());
  run.emphasis += 1;
  try {
    return read();
  } finally {
    run.emphasis -= 1;
  }
}

const parser = new Marked({
  gfm: true,
  extensions: [blockBudget, ...markdownFormulas],
  tokenizer: {
    list(source) {
      return nested(() => Tokenizer.prototype.list.call(this, source));
    },
    blockquote(source) {
      return nested(() => Tokenizer.prototype.blockquote.call(this, source));
    },
    emStrong(source, masked, previous) {
      return emphasis(() => Tokenizer.prototype.emStrong.call(this, source, masked, previous));
    },
    del(source, masked, previous) {
      return emphasis(() => Tokenizer.prototype.del.call(this, source, masked, previous));
    },
    // marked's setext-heading rule scans the whole paragraph that follows for an underline, and
    // inside a list item it is tried again at each of the paragraph's lines: a lazy paragraph of
    // 16,000 lines under "- x" took 77 s. A heading whose text runs over MAX_SETEXT_LINES lines is
    // one nobody writes, so the rule (marked's own: `false` hands it on) is tried only when an
    // underline follows within that many lines.
    lheading(source) {
      return underlineWithin(source, MAX_SETEXT_LINES) ? false : undefined;
    },
    // A table past the limits is refused as soon as its rows are split, before their cells' text
    // is read and converted (100,000 cells took 17 s to be refused after conversion). Its size as
    // the delta will hold it: markdownToHtml leaves out a header row whose cells are all empty.
    table(source) {
      const table = Tokenizer.prototype.table.call(this, source);
      if (table && budget) {
        const columns = table.header.length;
        const rows = table.rows.length + (table.header.every((cell) => cell.text.trim() === "") ? 0 : 1);
        const problem = tableSizeProblem(columns, rows * columns);
        if (problem) refuse(budget, tooLargeTable(problem));
      }
      return table;
    },
  },
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
    // Text's tabs, which CommonMark keeps and an HTML reader would make spaces, in a
    // white-space: pre span the HTML import keeps them by (body/pre-whitespace.ts). Text holding
    // tokens renders them, each through here; raw HTML's text is left as written.
    text(token: Tokens.Text | Tokens.Escape) {
      if (("tokens" in token && token.tokens) || ("escaped" in token && token.escaped)) return false;
      return wrapTabs(Renderer.prototype.text.call(this, token));
    },
    // The editor has no rule; an empty line keeps the gap between the parts it separated.
    hr() {
      return "<p><br></p>\n";
    },
  },
});

/** Lines of text a setext heading (text, then a line of `=` or `-`) may have above its underline. */
const MAX_SETEXT_LINES = 100;

/** Whether one of the `lines` lines after the first of `source` is a setext underline (`===`, `---`). */
function underlineWithin(source: string, lines: number): boolean {
  let start = source.indexOf("\n") + 1;
  for (let line = 0; line < lines && start > 0 && start < source.length; line++) {
    const end = source.indexOf("\n", start);
    if (SETEXT_UNDERLINE.test(end < 0 ? source.slice(start) : source.slice(start, end))) return true;
    start = end + 1;
  }
  return false;
}
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
