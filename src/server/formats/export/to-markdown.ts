import type { BodyDelta } from "@/server/body/sanitize-delta";
import type { DocumentLine } from "./document-lines";
import { documentLines } from "./document-lines";
import { inlineMarkdown } from "./markdown-inline";
import { escapeLineStart, escapeText } from "./markdown-text";
import { isTableCell, markdownTable } from "./markdown-table";

/**
 * GitHub-flavoured Markdown for a document body (its delta), written so that our import
 * (and any CommonMark reader, for what CommonMark has) reads back the same delta: ATX
 * headings, `-` bullets, `1.` numbers and `- [ ]`/`- [x]` check lists nested by their items'
 * content columns, `>` quotes, GFM tables (markdown-table.ts), fenced code with its language and every space, tab and blank
 * line kept, and the inline formats of inlineMarkdown. Lost, because Markdown can't hold
 * them: empty lines, alignment, indentation outside lists, colours, fonts and sizes. Pure.
 */
export function toMarkdown(delta: BodyDelta): string {
  const lines = documentLines(delta);
  const blocks: string[] = [];
  for (let index = 0; index < lines.length; ) {
    const kind = blockKind(lines[index]);
    let end = index + 1;
    while (end < lines.length && kind !== "heading" && kind !== "paragraph" && continues(lines[end - 1], lines[end], kind)) end += 1;
    const group = lines.slice(index, end);
    const block = kind === "table" ? markdownTable(group) : kind === "code" ? codeBlock(group) : kind === "list" ? list(group) : kind === "quote" ? quote(group) : kind === "heading" ? heading(lines[index]) : inlineMarkdown(lines[index]?.runs ?? []);
    if (block) blocks.push(block);
    index = end;
  }
  return blocks.length > 0 ? `${blocks.join("\n\n")}\n` : "";
}

/** A level-1 heading holding `title` as plain text (the first line of a Markdown export). */
export function titleHeading(title: string): string {
  return headingLine(1, escapeLineStart(escapeText(title.trim(), { atLineStart: true, atLineEnd: true })));
}

type BlockKind = "table" | "code" | "heading" | "list" | "quote" | "paragraph";

// A line holds one block format; code wins, as in the editor's own rendering.
function blockKind(line: DocumentLine | undefined): BlockKind {
  const attributes = line?.attributes ?? {};
  if (isTableCell(line)) return "table";
  if (attributes["code-block"] !== undefined) return "code";
  if (attributes.header !== undefined) return "heading";
  if (attributes.list !== undefined) return "list";
  if (attributes.blockquote === true) return "quote";
  return "paragraph";
}

function continues(previous: DocumentLine | undefined, line: DocumentLine | undefined, kind: BlockKind): boolean {
  if (blockKind(line) !== kind) return false;
  // A fence has one language: a change of language starts another fence.
  return kind !== "code" || codeLanguage(previous) === codeLanguage(line);
}

function heading(line: DocumentLine | undefined): string {
  const level = Number(line?.attributes.header ?? 1);
  return headingLine(level, inlineMarkdown(line?.runs ?? []));
}

// A heading's closing `#`s would be read as decoration and dropped: the last one is escaped.
function headingLine(level: number, content: string): string {
  const marker = "#".repeat(level);
  if (!content) return marker;
  return `${marker} ${content.endsWith("#") ? `${content.slice(0, -1)}\\#` : content}`;
}

// Each quoted line is a quote of its own (`>` alone for an empty one): the import makes one
// quoted line of each, and quotes in a row read as one.
function quote(lines: readonly DocumentLine[]): string {
  return lines.map((line) => `>${prefixed(inlineMarkdown(line.runs))}`).join("\n\n");
}

function prefixed(content: string): string {
  return content ? ` ${content}` : "";
}

function codeLanguage(line: DocumentLine | undefined): string {
  const language = line?.attributes["code-block"];
  return typeof language === "string" && language !== "plain" ? language : "";
}

function codeBlock(lines: readonly DocumentLine[]): string {
  const code = lines.map((line) => line.runs.map((run) => (typeof run.insert === "string" ? run.insert : "")).join(""));
  // The fence is longer than any backtick run inside, so no line of the code can close it.
  const longestRun = Math.max(0, ...code.flatMap((text) => (text.match(/`+/g) ?? []).map((run) => run.length)));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return [`${fence}${codeLanguage(lines[0])}`, ...code, fence].join("\n");
}

function list(lines: readonly DocumentLine[]): string {
  const levels = lines.map((line) => Number(line.attributes.indent ?? 0));
  // The content column of the last item written at each level: a child item starts there.
  const columns: number[] = [];
  return lines
    .map((line, index) => {
      const level = levels[index] ?? 0;
      // An item may sit at most one level below the one before; deeper, the levels between get
      // an empty item each, on the same line ("- - item"), which the import reads as that depth.
      const start = Math.min(level, (index === 0 ? -1 : (levels[index - 1] ?? 0)) + 1);
      let column = start === 0 ? 0 : (columns[start - 1] ?? 0);
      let prefix = " ".repeat(column);
      for (let empty = start; empty < level; empty += 1) {
        prefix += "- ";
        column += 2;
        columns[empty] = column;
      }
      const kind = line.attributes.list;
      const marker = kind === "ordered" ? `${orderedNumber(lines, levels, index)}.` : "-";
      columns[level] = column + marker.length + 1;
      columns.length = level + 1;
      const content = inlineMarkdown(line.runs);
      // A check box needs something after it to be one: an empty item gets a comment, which shows nothing.
      const checkbox = kind === "checked" ? "[x]" : kind === "unchecked" ? "[ ]" : "";
      const item = checkbox ? `${checkbox} ${content || "<!-- -->"}` : content;
      return `${prefix}${marker}${prefixed(item)}`;
    })
    .join("\n");
}

// Numbered like the editor's CSS counters: an item continues the count of the ordered items
// before it at its level, skipping deeper ones; a shallower item or another kind restarts it.
function orderedNumber(lines: readonly DocumentLine[], levels: readonly number[], index: number): number {
  const level = levels[index] ?? 0;
  let count = 1;
  for (let previous = index - 1; previous >= 0; previous -= 1) {
    const previousLevel = levels[previous] ?? 0;
    if (previousLevel > level) continue;
    if (previousLevel < level || lines[previous]?.attributes.list !== "ordered") break;
    count += 1;
  }
  return count;
}
