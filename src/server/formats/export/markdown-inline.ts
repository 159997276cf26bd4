import { isDeepStrictEqual } from "node:util";
import type { CharClass, TextEdges } from "./markdown-text";
import { charClass, codeSpan, escapeLineStart, escapeText, linkDestination } from "./markdown-text";
import type { InlineRun } from "./document-lines";

/**
 * The Markdown of one line's inline runs, written so that it reads back as the same runs:
 * `**bold**`, `*italic*`, `~~strike~~` where CommonMark's delimiter rules let them open and
 * close exactly there, else `<strong>`, `<em>`, `<s>` (emphasis whose text starts or ends
 * with a space, or meets punctuation inside a word); `<u>`, `<sub>`, `<sup>` always (Markdown
 * has none); code spans innermost, so a link or emphasis on code goes around the backticks;
 * links as `[text](address)`; images as `![alt](src)` (an `<img>` when sized); formulas as
 * `$tex$`. Text that would start a block of its own is escaped. Formats Markdown can't hold
 * (colour, background, font, size) are left out. Pure.
 */
export function inlineMarkdown(runs: readonly InlineRun[]): string {
  const nodes = buildTree(writtenRuns(runs));
  const markdown = renderNodes(nodes, { before: SPACE, after: SPACE, isLine: true, inLink: false });
  const [first] = nodes;
  if (first && isPlainText(first)) return escapeLineStart(markdown);
  // A line that is one tag alone would be a block of raw HTML, outside any paragraph: a comment
  // after it (which shows nothing) keeps a sized image inline.
  return /^<img\b[^>]*>$/.test(markdown) ? `${markdown}<!-- -->` : markdown;
}

/** A mark that wraps runs: a link (with its address), bold, italic, strike, underline, sub/superscript. */
interface MarkNode {
  mark: string;
  children: InlineNode[];
}

type InlineNode = MarkNode | InlineRun;

/** What sits just outside a node: its class for the flanking rules, and the character when known. */
interface Side {
  cls: CharClass;
  char?: string;
}

const SPACE: Side = { cls: "space" };
const MARKUP: Side = { cls: "punctuation" }; // an enclosing delimiter, tag or bracket

// Outermost first when two marks start and end together.
const MARK_ORDER = ["link", "bold", "italic", "strike", "underline", "script"];

const DELIMITERS: Readonly<Record<string, { delimiter: string; tag: string }>> = {
  bold: { delimiter: "**", tag: "strong" },
  italic: { delimiter: "*", tag: "em" },
  strike: { delimiter: "~~", tag: "s" },
};

function marksOf(run: InlineRun): string[] {
  const { attributes } = run;
  const marks: string[] = [];
  if (typeof attributes.link === "string") marks.push(`link:${attributes.link}`);
  for (const name of ["bold", "italic", "strike", "underline"]) if (attributes[name] === true) marks.push(name);
  if (attributes.script === "sub" || attributes.script === "super") marks.push(`script:${attributes.script}`);
  return marks;
}

function isMark(node: InlineNode): node is MarkNode {
  return "mark" in node;
}

function isPlainText(node: InlineNode): node is InlineRun & { insert: string } {
  return !isMark(node) && typeof node.insert === "string" && node.attributes.code !== true;
}

const WRITTEN = new Set(["link", "bold", "italic", "strike", "underline", "script", "code", "alt", "width", "height"]);

// The runs with only the attributes Markdown holds, neighbours left alike merged: text that
// differed only in colour is one text, whose spaces are escaped together.
function writtenRuns(runs: readonly InlineRun[]): InlineRun[] {
  const result: InlineRun[] = [];
  for (const run of runs) {
    const attributes = Object.fromEntries(Object.entries(run.attributes).filter(([name]) => WRITTEN.has(name)));
    const previous = result.at(-1);
    if (previous && typeof previous.insert === "string" && typeof run.insert === "string" && isDeepStrictEqual(previous.attributes, attributes)) {
      result[result.length - 1] = { insert: previous.insert + run.insert, attributes };
    } else {
      result.push({ insert: run.insert, attributes });
    }
  }
  return result;
}

// Nests the runs' marks: a mark covering several runs opens once, and of marks opening
// together the one that lasts longer goes outside.
function buildTree(runs: readonly InlineRun[]): InlineNode[] {
  const marks = runs.map(marksOf);
  const root: MarkNode = { mark: "", children: [] };
  const stack: MarkNode[] = [root];
  runs.forEach((run, index) => {
    const needed = marks[index] ?? [];
    let depth = 1;
    while (depth < stack.length && needed.includes(stack[depth]?.mark ?? "")) depth += 1;
    stack.length = depth;
    const open = new Set(stack.map((node) => node.mark));
    const extent = (mark: string) => {
      let end = index;
      while (end < runs.length && marks[end]?.includes(mark)) end += 1;
      return end - index;
    };
    const rank = (mark: string) => MARK_ORDER.indexOf(mark.split(":")[0] ?? "");
    const opening = needed.filter((mark) => !open.has(mark)).sort((a, b) => extent(b) - extent(a) || rank(a) - rank(b));
    for (const mark of opening) {
      const node: MarkNode = { mark, children: [] };
      stack.at(-1)?.children.push(node);
      stack.push(node);
    }
    stack.at(-1)?.children.push(run);
  });
  return root.children;
}

/** Where a list of sibling nodes is written. */
interface Place {
  before: Side;
  after: Side;
  /** The nodes are the whole line (its ends are the line's ends). */
  isLine: boolean;
  /** Inside a link's text. */
  inLink: boolean;
}

function renderNodes(nodes: readonly InlineNode[], place: Place): string {
  let markdown = "";
  nodes.forEach((node, index) => {
    const previous = index === 0 ? place.before : { cls: charClass(lastChar(markdown)), char: lastChar(markdown) };
    const following = nodes[index + 1];
    const next = following === undefined ? place.after : sideOf(following);
    const edges = { atLineStart: place.isLine && index === 0, atLineEnd: place.isLine && following === undefined };
    markdown += isMark(node) ? renderMark(node, previous, next, place.inLink) : renderRun(node, next, edges, place.inLink);
  });
  return markdown;
}

// What a node shows first, known before it is written: a run of text starts with its own first
// character (escaping only puts a backslash, also punctuation, before punctuation); anything
// else starts with markup, a strike perhaps with `~`.
function sideOf(node: InlineNode): Side {
  if (isMark(node) && node.mark === "strike") return { cls: "punctuation", char: "~" };
  if (!isPlainText(node)) return MARKUP;
  const char = firstChar(node.insert);
  return { cls: charClass(char), char };
}

function renderMark(node: MarkNode, previous: Side, next: Side, inLink: boolean): string {
  const [name, value = ""] = splitMark(node.mark);
  const content = renderNodes(node.children, { before: MARKUP, after: MARKUP, isLine: false, inLink: inLink || name === "link" });
  if (name === "link") return `[${content}](${linkDestination(value)})`;
  if (name === "underline") return `<u>${content}</u>`;
  if (name === "script") return value === "sub" ? `<sub>${content}</sub>` : `<sup>${content}</sup>`;
  const style = DELIMITERS[name];
  if (!style) return content;
  return canDelimit(style.delimiter, content, previous, next) ? `${style.delimiter}${content}${style.delimiter}` : `<${style.tag}>${content}</${style.tag}>`;
}

function splitMark(mark: string): [string, string?] {
  const colon = mark.indexOf(":");
  return colon < 0 ? [mark] : [mark.slice(0, colon), mark.slice(colon + 1)];
}

// CommonMark's rules for `*` (and GFM's for `~`): an opening run must be left-flanking, a
// closing one right-flanking. Stricter here: an opening run must not also be right-flanking
// (nor a closing one left-flanking), so no run can both open and close: marked pairs such
// runs differently from CommonMark ("**(*a.*)b**"). So a delimiter opens after a space, or after
// punctuation when a letter follows; it closes before a space, or before punctuation after a
// letter. marked's GFM mode counts `~` as a letter next to `*` (it may be a strike delimiter),
// CommonMark as punctuation: outside the delimiters it is taken as a letter, inside as
// punctuation. A delimiter right after a sibling's identical one would merge with it into one
// run, so that case takes the tag too.
function canDelimit(delimiter: string, content: string, previous: Side, next: Side): boolean {
  if (!content) return false;
  const first = charClass(firstChar(content));
  const last = charClass(lastChar(content));
  if (first === "space" || last === "space") return false;
  const outside = (side: Side) => (side.char === "~" ? "other" : side.cls);
  const before = outside(previous);
  const after = outside(next);
  const opens = before === "space" || (before === "punctuation" && first === "other");
  const closes = after === "space" || (after === "punctuation" && last === "other");
  return opens && closes && previous.char !== delimiter[0];
}

function renderRun(run: InlineRun, next: Side, edges: TextEdges, inLink: boolean): string {
  const { insert, attributes } = run;
  if (typeof insert === "string" && attributes.code === true) {
    // marked ends a link's text inside a code span that holds a backtick; a <code> tag holds it.
    return inLink && insert.includes("`") ? `<code>${escapeText(insert)}</code>` : codeSpan(insert);
  }
  if (typeof insert === "string") return escapeText(insert, edges);
  if (typeof insert.image === "string") return image(insert.image, attributes);
  if (typeof insert.formula === "string") return formula(insert.formula, next);
  return "";
}

function image(src: string, attributes: InlineRun["attributes"]): string {
  const alt = typeof attributes.alt === "string" ? attributes.alt : "";
  const { width, height } = attributes;
  // Brackets and backslashes in an alt are character references: marked misreads an image whose
  // alt holds an escaped bracket or ends in a backslash when a link is around it.
  const altText = escapeText(alt.replace(/[[\]\\]/g, (char) => `\u0000${char.charCodeAt(0)};`)).replace(/\u0000(\d+);/g, "&#$1;");
  if (width === undefined && height === undefined) return `![${altText}](${linkDestination(src)})`;
  // Markdown has no image size; inline HTML keeps it, and every reader of ours passes it through.
  const attribute = (name: string, value: unknown) => (value === undefined ? "" : ` ${name}="${escapeAttribute(String(value))}"`);
  return `<img${attribute("src", src)}${attribute("alt", attributes.alt)}${attribute("width", width)}${attribute("height", height)}>`;
}

// `$tex$`, or `$$tex$$` before a digit: the import reads "$5 and $10" as prices, not a formula.
function formula(value: string, next: Side): string {
  const tex = value.replace(/[\r\n]+/g, " ").trim();
  if (!tex) return "";
  return next.char !== undefined && /^\d/.test(next.char) && !tex.includes("$") ? `$$${tex}$$` : `$${tex}$`;
}

// Brackets too: marked ends a link's text at a `]` even inside an attribute of inline HTML.
function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\[/g, "&#91;").replace(/\]/g, "&#93;");
}

function firstChar(text: string): string | undefined {
  const code = text.codePointAt(0);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

function lastChar(text: string): string | undefined {
  if (!text) return undefined;
  const last = text.charCodeAt(text.length - 1);
  const isLowSurrogate = last >= 0xdc00 && last <= 0xdfff;
  return isLowSurrogate && text.length > 1 ? text.slice(-2) : text.slice(-1);
}
