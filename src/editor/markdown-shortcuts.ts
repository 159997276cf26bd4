import { HEADER_LEVELS } from "@/shared/editor-formats";

/**
 * What the Markdown-style shortcuts (docs/product.md "Editor": block shortcuts) turn typing into.
 * Pure: the module (block-shortcuts.ts) hands in the key being typed and the text of the current
 * line before the caret, nothing more, so the cost per keystroke is bounded by that line.
 * Quill's own keyboard module already turns `- `, `* `, `1. ` and `[] ` into lists; these add
 * the rest. Only formats of shared/editor-formats.ts are produced.
 */

/** The block formats a line can hold; a shortcut sets one and clears the others (they exclude each other). */
export const BLOCK_FORMATS = ["header", "blockquote", "code-block", "list"] as const;

/** A line's block attributes, as a delta's newline carries them. */
export type BlockAttributes = Partial<Record<(typeof BLOCK_FORMATS)[number], string | number | true>>;

export interface BlockMatch {
  /** What the line becomes. */
  attributes: BlockAttributes;
}

export type InlineFormat = "bold" | "italic" | "code";

export interface InlineMatch {
  format: InlineFormat;
  /** Where the opening marker starts in the line prefix. */
  start: number;
  /** Length of the opening marker (and of the closing one, the typed key included). */
  marker: number;
  /** The text between the markers. */
  text: string;
}

/**
 * The block a line becomes when `key` is typed after `prefix` (all of the line before the
 * caret): `# `, `## `, `### ` a heading, `> ` a quote, a third backtick a code block.
 */
export function matchBlockShortcut(prefix: string, key: string): BlockMatch | null {
  if (key === " ") {
    if (prefix === ">") return { attributes: { blockquote: true } };
    if (/^#+$/.test(prefix)) {
      const level = HEADER_LEVELS.find((candidate) => candidate === prefix.length);
      return level === undefined ? null : { attributes: { header: level } };
    }
    return null;
  }
  if (key === "`" && prefix === "``") return { attributes: { "code-block": "plain" } };
  return null;
}

/**
 * The inline format closed by typing `key` after `prefix` (the line before the caret):
 * `**text**` bold, `*text*` italic, `` `text` `` inline code. As in Markdown, emphasis text
 * neither starts nor ends with a space and its opening marker doesn't follow a letter or digit
 * (so `2*3*4` stays as typed); code may hold anything but a backtick. Looks back only as far
 * as the opening marker.
 */
export function matchInlineShortcut(prefix: string, key: string): InlineMatch | null {
  if (key === "`") {
    const open = prefix.lastIndexOf("`");
    if (open < 0 || prefix[open - 1] === "`") return null;
    const text = prefix.slice(open + 1);
    return text.trim() === "" ? null : { format: "code", start: open, marker: 1, text };
  }
  if (key !== "*") return null;
  if (prefix.endsWith("*")) {
    // The second closing star: bold.
    const body = prefix.slice(0, -1);
    const open = body.lastIndexOf("**");
    if (open < 0) return null;
    const text = body.slice(open + 2);
    return isEmphasis(text, body[open - 1]) ? { format: "bold", start: open, marker: 2, text } : null;
  }
  const open = prefix.lastIndexOf("*");
  if (open < 0) return null;
  const text = prefix.slice(open + 1);
  return isEmphasis(text, prefix[open - 1]) ? { format: "italic", start: open, marker: 1, text } : null;
}

/** Emphasis text: not empty, no stars, no space at either end; the opening marker not inside a word or after another star. */
function isEmphasis(text: string, before: string | undefined): boolean {
  if (text === "" || text.includes("*") || /^\s|\s$/.test(text)) return false;
  return before === undefined || !/[*\p{L}\p{N}_]/u.test(before);
}

/** The keys that can complete a shortcut: the module binds only these, so other keys cost nothing. */
export const SHORTCUT_KEYS = [" ", "`", "*"] as const;
