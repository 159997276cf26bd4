/**
 * Writing document text as Markdown that CommonMark (commonmark.js) and GitHub-flavoured
 * Markdown (marked, our import) both read back as exactly that text: escapes, code spans,
 * link destinations. Pure.
 */

/** How a character counts for CommonMark's emphasis rules ("left-flanking" and so on). */
export type CharClass = "space" | "punctuation" | "other";

// CommonMark 0.31: Unicode whitespace is Zs plus tab, line feed, form feed and carriage return;
// Unicode punctuation is the P and S general categories. No character (a line's start or end)
// counts as whitespace.
const WHITESPACE = /[\p{Zs}\t\n\f\r]/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The class of `char` for the emphasis rules; undefined (nothing there) is whitespace. */
export function charClass(char: string | undefined): CharClass {
  if (char === undefined || WHITESPACE.test(char)) return "space";
  return PUNCTUATION.test(char) ? "punctuation" : "other";
}

/** Where a run of text sits in its line: a Markdown reader drops spaces at either end. */
export interface TextEdges {
  atLineStart: boolean;
  atLineEnd: boolean;
}

/**
 * `text` with everything escaped that Markdown would read as markup anywhere in a line:
 * backslashes, emphasis and strike delimiters, backticks, brackets, `$` (formulas), `<` before
 * what could be a tag or autolink, `&` before what could be an entity, a final `!` (a link
 * after it would become an image), `(` after `]` and the starts of GFM's bare autolinks (`http://`, `www.`,
 * `name@host`), which would otherwise become links. `_` inside a word stays as it is: it can't
 * open or close emphasis there. With `edges` (text of a line, not an image's alt), spaces that
 * a reader would drop or collapse (at the line's ends, after another space) are written
 * `&nbsp;`, which the import reads back as a space, and a tab at either end of the line is
 * `&#9;` (one that starts it is indentation: four spaces' worth makes code). Other tabs stay tabs.
 */
export function escapeText(text: string, edges?: TextEdges): string {
  const leading = edges?.atLineStart ? text.length - text.replace(/^[ \t]+/, "").length : 0;
  const trailing = edges?.atLineEnd ? text.replace(/[ \t]+$/, "").length : text.length;
  return text.replace(/[\\`*[\]~$_<&!:.@( \t]/g, (char, index: number) => {
    const before = text[index - 1];
    const after = text[index + 1];
    switch (char) {
      case " ":
        if (!edges) return char;
        return index < leading || index >= trailing || before === " " || before === "\t" ? "&nbsp;" : char;
      case "\t":
        // A reader drops a tab at either end of a line, and one that starts a line is indentation.
        return index < leading || index >= trailing ? "&#9;" : char;
      case "_":
        return isWordCharacter(before) && isWordCharacter(after) ? char : "\\_";
      case "<":
        return after === undefined || /[A-Za-z/!?]/.test(after) ? "\\<" : char;
      case "&":
        return escapeAmpersand(text, index);
      case "!":
        return after === undefined ? "\\!" : char;
      case "(":
        // marked reads `\[a\](b)` inside a link's text as a link of its own.
        return before === "]" ? "\\(" : char;
      case ":":
        return /(?:https?|ftp)$/i.test(text.slice(Math.max(0, index - 5), index)) && text.startsWith("//", index + 1) ? "\\:" : char;
      case ".":
        return /www$/i.test(text.slice(Math.max(0, index - 3), index)) ? "\\." : char;
      case "@":
        return before !== undefined && /[A-Za-z0-9._+-]/.test(before) && after !== undefined && /[A-Za-z0-9_-]/.test(after) ? "\\@" : char;
      default:
        return `\\${char}`;
    }
  });
}

/**
 * Escapes what would make the start of a line into a block of its own: a heading (`#`), a
 * quote (`>`), a bullet or rule (`-`, `+`), an ordered item (`1.`, `1)`). Use on the already
 * escaped text that begins a paragraph, heading, quote line or list item.
 */
export function escapeLineStart(markdown: string): string {
  if (/^[#>+-]/.test(markdown)) return `\\${markdown}`;
  return markdown.replace(/^(\d{1,9})([.)])(?=[ \t]|$)/, "$1\\$2");
}

/**
 * `code` as a code span: fenced by a backtick run that occurs nowhere inside it, padded with
 * a space on each side when CommonMark would otherwise strip one of its own or merge a
 * backtick at its edge into the fence.
 */
export function codeSpan(code: string): string {
  const runs = new Set((code.match(/`+/g) ?? []).map((run) => run.length));
  let length = 1;
  while (runs.has(length)) length += 1;
  const fence = "`".repeat(length);
  const isAllSpaces = /^ +$/.test(code);
  const needsPadding = !isAllSpaces && (code.startsWith("`") || code.endsWith("`") || (code.startsWith(" ") && code.endsWith(" ")));
  return needsPadding ? `${fence} ${code} ${fence}` : `${fence}${code}${fence}`;
}

/**
 * A link or image destination: bare when it holds nothing special, else in angle brackets
 * (spaces, parentheses, `<`, `>`, backslashes; the empty address is `<>`). `&` before what
 * could be an entity is `&amp;`, since entities are decoded in destinations too.
 */
export function linkDestination(url: string): string {
  const entities = (value: string) => value.replace(/&/g, (_char, index: number) => escapeAmpersand(value, index));
  if (url !== "" && !/[\s()<>\\\u0000-\u001f\u007f]/.test(url)) return entities(url);
  // A destination can't span lines: a line ending in an address is percent-encoded, as a browser would.
  const oneLine = url.replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  return `<${entities(oneLine.replace(/[<>\\]/g, (char) => `\\${char}`))}>`;
}

// `&` that starts something entity-like is written `&amp;` (a backslash would do in text, but
// marked keeps it in link addresses and alt text).
function escapeAmpersand(text: string, index: number): string {
  return /^&#?[0-9A-Za-z]+;/.test(text.slice(index)) ? "&amp;" : "&";
}

function isWordCharacter(char: string | undefined): boolean {
  return char !== undefined && WORD_CHARACTER.test(char);
}
