import type Quill from "quill";
import type { Range } from "quill";
import Delta from "quill-delta";
import { lineText } from "./line-text";
import type { BlockAttributes, BlockMatch, InlineMatch } from "./markdown-shortcuts";
import { BLOCK_FORMATS, SHORTCUT_KEYS, matchBlockShortcut, matchInlineShortcut } from "./markdown-shortcuts";

/** The keyboard module's context for a binding (quill/modules/keyboard.js), as far as we read it. */
interface KeyContext {
  offset: number;
  line: unknown;
  format: Record<string, unknown>;
}

/** The longest block marker (`### `): a space further into a line is never a block shortcut. */
const LONGEST_BLOCK_PREFIX = 3;

/**
 * Markdown-style shortcuts (docs/product.md "Editor"): `# `…`### ` headings, `> ` a quote, three
 * backticks a code block, and `**bold**`, `*italic*`, `` `code` `` as they are closed.
 *
 * They are keyboard bindings on the three keys that can complete one (Space, backtick, star),
 * so no other keystroke pays anything, and a bound key reads only the current line before the
 * caret (markdown-shortcuts.ts). Like Quill's own `- ` list shortcut, the typed key goes in
 * first and the conversion is a separate undo step (history cutoffs on both sides), so one
 * Ctrl/⌘+Z brings the typed characters back. Both changes are ordinary "user" changes, so
 * y-quill syncs them and the history records them. Nothing fires inside a code block, and the
 * inline ones not inside inline code.
 */
export class BlockShortcutsModule {
  static readonly DEFAULTS = {};

  constructor(private readonly quill: Quill) {
    for (const key of SHORTCUT_KEYS) {
      quill.keyboard.addBinding({ key, shiftKey: null, collapsed: true, format: { "code-block": false } }, (range: Range, context: KeyContext) =>
        this.onKey(key, range, context),
      );
    }
  }

  /** Returns false when it converted (the keyboard module then stops), true to let the key type. */
  private onKey(key: string, range: Range, context: KeyContext): boolean {
    if (!this.quill.isEnabled()) return true;
    if (key === " " && context.offset > LONGEST_BLOCK_PREFIX) return true;
    const prefix = lineText(context.line)?.slice(0, context.offset);
    if (prefix === undefined) return true;
    const lineStart = range.index - context.offset;
    const block = matchBlockShortcut(prefix, key);
    if (block) {
      this.applyBlock(range.index, lineStart, key, block);
      return false;
    }
    if (context.format.code) return true;
    const inline = matchInlineShortcut(prefix, key);
    if (!inline) return true;
    this.applyInline(range.index, lineStart, key, inline);
    return false;
  }

  /** Types `key`, then, as its own undo step, removes the marker and gives the line its block format. */
  private applyBlock(index: number, lineStart: number, key: string, match: BlockMatch): void {
    this.typeKey(index, key);
    const [line] = this.quill.getLine(lineStart);
    const markerLength = index + key.length - lineStart;
    const lineLength = line?.length() ?? markerLength + 1;
    const attributes = blockAttributes(match.attributes);
    this.convert(new Delta().retain(lineStart).delete(markerLength).retain(lineLength - 1 - markerLength).retain(1, attributes));
    this.quill.setSelection(lineStart, 0, "silent");
  }

  /** Types `key`, then, as its own undo step, removes both markers and formats the text between them. */
  private applyInline(index: number, lineStart: number, key: string, match: InlineMatch): void {
    this.typeKey(index, key);
    const open = lineStart + match.start;
    this.convert(
      new Delta().retain(open).delete(match.marker).retain(match.text.length, { [match.format]: true }).delete(match.marker),
    );
    const end = open + match.text.length;
    this.quill.setSelection(end, 0, "silent");
    // What is typed next is plain again, as in the Markdown it came from (else it would continue the format).
    this.quill.format(match.format, false, "silent");
  }

  private typeKey(index: number, key: string): void {
    this.quill.insertText(index, key, "user");
    this.quill.history.cutoff();
  }

  private convert(delta: Delta): void {
    this.quill.updateContents(delta, "user");
    this.quill.history.cutoff();
  }
}

/** A block format with the others cleared: a line is one kind of block, and the delta says so for every client. */
export function blockAttributes(attributes: BlockAttributes): Record<string, unknown> {
  const cleared: Record<string, unknown> = Object.fromEntries(BLOCK_FORMATS.map((name) => [name, null]));
  return { ...cleared, ...attributes };
}
