import type { HLJSApi } from "highlight.js";
import { CODE_BLOCK_LANGUAGES } from "@/shared/editor-formats";
import { attributeList, escapeText } from "./html-text";

/**
 * A code-block container as Quill's syntax module leaves it once highlighted
 * (quill/modules/syntax.js SyntaxCodeBlockContainer.highlight), without its language picker:
 * the container's lines joined by "\n" (plus one) are highlighted by highlight.js in the first
 * line's language, the output is read back as Quill's clipboard traverse reads it (a character's
 * token is the outermost enclosing element with an `hljs-*` class: compose lets the outer win),
 * and each line's maximal runs of tokened characters become one `<span class="ql-token hljs-…">`
 * named after the run's first token.
 */

export interface CodeLine {
  text: string;
  language: string;
  /** Block attributor classes after `ql-code-block` (align, indent), in the order Quill adds them. */
  classes: string[];
}

let hljsApi: HLJSApi | undefined;

function hljs(): HLJSApi {
  // Node's own require, out of the bundler's sight, as quill-host.ts loads it for the Quill host.
  if (!hljsApi) {
    const { createRequire } = process.getBuiltinModule("node:module");
    hljsApi = createRequire(import.meta.url)("highlight.js/lib/common") as HLJSApi;
  }
  return hljsApi;
}

const KNOWN_LANGUAGES: ReadonlySet<string> = new Set(CODE_BLOCK_LANGUAGES);

/** The container's markup, or null when highlight.js's output does not read back as the same text. */
export function codeContainerHtml(lines: readonly CodeLine[]): string | null {
  const first = lines[0];
  if (!first) return "";
  const language = KNOWN_LANGUAGES.has(first.language) ? first.language : "plain";
  const text = `${lines.map((line) => line.text).join("\n")}\n`;
  const tokens = language === "plain" ? null : tokensOf(hljs().highlight(text, { language }).value, text);
  if (language !== "plain" && !tokens) return null;
  let out = '<div class="ql-code-block-container" spellcheck="false">';
  let offset = 0;
  for (const line of lines) {
    out += `<div${attributeList([["class", ["ql-code-block", ...line.classes].join(" ")], ["data-language", line.language]])}>`;
    out += line.text.length === 0 ? "<br>" : lineHtml(line.text, tokens, offset);
    out += "</div>";
    offset += line.text.length + 1;
  }
  return `${out}</div>`;
}

function lineHtml(text: string, tokens: readonly string[] | null, offset: number): string {
  if (!tokens) return escapeText(text);
  let out = "";
  let start = 0;
  while (start < text.length) {
    // Neighbouring tokens merge into the first one's span, whatever their classes: a CodeToken's
    // formats read as equal in Parchment's optimize (measured against the Quill host).
    const token = tokens[offset + start] ?? "";
    let end = start + 1;
    while (end < text.length && Boolean(tokens[offset + end]) === Boolean(token)) end += 1;
    const piece = escapeText(text.slice(start, end));
    out += token ? `<span class="ql-token hljs-${token}">${piece}</span>` : piece;
    start = end;
  }
  return out;
}

const ENTITY: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
const PIECES = /<span class="([^"]*)">|<\/span>|&(?:amp|lt|gt|quot|#x27);|[^<&]+/g;

/**
 * Each character's token (the first `hljs-` class of its outermost tokened span, "" for none),
 * from highlight.js's HTML, which holds only `<span class="…">`, `</span>`, text and its five
 * escapes. Null when the text it gives back is not `text` (then the caller falls back).
 */
function tokensOf(html: string, text: string): string[] | null {
  const tokens: string[] = [];
  const stack: string[] = []; // the effective token at each open span
  let decoded = "";
  for (const match of html.matchAll(PIECES)) {
    const piece = match[0];
    if (match[1] !== undefined) {
      const own = match[1].split(/\s+/).find((name) => name.startsWith("hljs-"))?.slice(5) ?? "";
      const outer = stack.at(-1) ?? "";
      stack.push(outer || own);
    } else if (piece === "</span>") {
      stack.pop();
    } else {
      const chars = ENTITY[piece] ?? piece;
      decoded += chars;
      const token = stack.at(-1) ?? "";
      for (let i = 0; i < chars.length; i += 1) tokens.push(token);
    }
  }
  if (decoded !== text || matchedLength(html) !== html.length) return null;
  return tokens;
}

// Every character of the HTML must belong to a recognised piece; anything else (another tag, an
// unknown entity) means the output is not what this reader understands.
function matchedLength(html: string): number {
  let length = 0;
  for (const match of html.matchAll(PIECES)) length += match[0].length;
  return length;
}
