import type Quill from "quill";
import type { Delta as DeltaType } from "quill";
import type { bubbleFormats as quillBubbleFormats } from "quill/blots/block.js";
import type TextBlot from "quill/blots/text.js";

/** The printable-ASCII test Quill's own fast path makes (quill/core/editor.js). */
const ASCII = /^[ -~]*$/;
/** Quill's caret placeholder (CursorBlot.CONTENTS) and embeds' guard text: never plain text. */
const QUILL_SENTINEL = "\uFEFF";
const TEXT_NODE = 3;

interface Range {
  index: number;
  length: number;
}
interface SelectionInfo {
  oldRange: Range;
  newRange: Range;
}
/** What the fast path uses of Quill: its Delta, and the inline formats around a blot (quill/blots/block.js). */
export interface QuillParts {
  Delta: typeof DeltaType;
  bubbleFormats: typeof quillBubbleFormats;
}
/** The parts of Quill's Editor (quill/core/editor.js) this replaces a method of. */
interface QuillEditor {
  delta: DeltaType;
  update(change: DeltaType | null, mutations?: MutationRecord[], selectionInfo?: SelectionInfo): DeltaType;
}

/**
 * Lets a keystroke into text that is not printable ASCII take Quill's fast path.
 *
 * When one text node changes, Quill works out the change from that node alone, but only if the
 * node's text is printable ASCII (`Editor.update`). Any other keystroke re-reads the whole
 * document into a delta and diffs it against the previous one: at 100,000 words that added
 * ~7 ms to the median keystroke and ~9 ms to the 95th percentile (docs/performance-notes.md),
 * and a line holds non-ASCII text as soon as it has an accent, a curly quote, a dash or an
 * emoji. The diff Quill's fast path runs (quill-delta's, fast-diff ≥ 1.3, which keeps surrogate
 * pairs whole) is the one its slow path runs over the whole text, so the change is the same;
 * `typing-fast-path.test.ts` checks that against Quill's own path edit by edit. Text holding
 * Quill's U+FEFF (the caret placeholder after a format toggle, an embed's guard) still goes
 * Quill's way, as do edits of more than one node.
 */
export function widenTypingFastPath(quill: Quill, { Delta, bubbleFormats }: QuillParts): void {
  const editor = (quill as unknown as { editor: QuillEditor }).editor; // not in Quill's public types
  const quillUpdate = editor.update.bind(editor);
  editor.update = (change, mutations = [], selectionInfo) => {
    const edit = change === null ? nonAsciiTextEdit(mutations) : null;
    const found = edit && quill.scroll.find(edit.node);
    if (!edit || found?.statics.blotName !== "text") return quillUpdate(change, mutations, selectionInfo);
    const blot = found as TextBlot;
    // From here on, what Quill's fast path does for ASCII text.
    const index = blot.offset(quill.scroll);
    const formats = bubbleFormats(blot); // syntax highlighting left out, as in Quill's own path
    const shift = (range: Range): Range => ({ index: range.index - index, length: range.length });
    const cursor = selectionInfo && { oldRange: shift(selectionInfo.oldRange), newRange: shift(selectionInfo.newRange) };
    const textChange = new Delta().insert(edit.oldValue).diff(new Delta().insert(blot.value()), cursor);
    const result = new Delta().retain(index);
    for (const op of textChange.ops) {
      if (typeof op.insert === "string") result.insert(op.insert, formats);
      else result.push(op);
    }
    // An edit that left the text as it was changes nothing (Quill's whole-document diff agrees).
    result.chop();
    editor.delta = editor.delta.compose(result);
    return result;
  };
}

/** The one text node a keystroke changed, when its text is not printable ASCII and holds no U+FEFF. */
function nonAsciiTextEdit(mutations: MutationRecord[]): { node: Text; oldValue: string } | null {
  const [mutation] = mutations;
  if (mutations.length !== 1 || mutation?.type !== "characterData" || mutation.target.nodeType !== TEXT_NODE) return null;
  const { data } = mutation.target as Text;
  const { oldValue } = mutation;
  if (oldValue === null || ASCII.test(data) || !isPlainText(data) || !isPlainText(oldValue)) return null;
  return { node: mutation.target as Text, oldValue };
}

function isPlainText(text: string): boolean {
  return !text.includes(QUILL_SENTINEL);
}
