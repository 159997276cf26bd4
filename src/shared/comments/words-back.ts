import type * as Y from "yjs";
import type { AnchorRange } from "./anchors";
import { isWholeQuote } from "./comment-quote";

/**
 * Finding a thread's words again after they were deleted and inserted anew: Quill's undo, a
 * redo, "Restore this version". All of these insert new Yjs items, which a thread's relative
 * positions — pointing at the deleted ones — never follow, so the thread would stay "on deleted
 * text" beside its own words. The quote is what says which words they are; the change's inserts
 * say where new words can be; the deleted characters' place (deletedTextPlace) picks between two
 * copies.
 */

/** Where a change inserted text, in the changed body's indexes (an embed is one). */
export function insertedRanges(change: { ops: ReadonlyArray<{ insert?: unknown; retain?: unknown }> }): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  let position = 0;
  for (const op of change.ops) {
    if (typeof op.retain === "number") position += op.retain;
    else if (typeof op.retain === "object" && op.retain !== null) position += 1;
    else if (op.insert !== undefined) {
      const length = typeof op.insert === "string" ? op.insert.length : 1;
      ranges.push({ start: position, end: position + length });
      position += length;
    }
  }
  return ranges;
}

/**
 * The body's text as quotes are kept (comment-quote.ts normalizeQuote: control characters and
 * runs of white space as one space), with each character's index in the body; an embed is one
 * character (U+FFFC) no quote contains. Read once per change, whatever the number of threads.
 */
export interface QuotableText {
  value: string;
  origin: number[];
}

export function quotableText(body: Y.Text): QuotableText {
  let value = "";
  const origin: number[] = [];
  let index = 0;
  let isInSpace = false;
  for (const op of body.toDelta() as Array<{ insert: unknown }>) {
    const chars = typeof op.insert === "string" ? op.insert : "\uFFFC";
    // By UTF-16 unit, as Yjs and Quill count: a surrogate half is never a space.
    for (let i = 0; i < chars.length; i += 1) {
      const char = chars.charAt(i);
      const isSpace = /[\s\u0000-\u001f\u007f]/.test(char);
      if (!isSpace || !isInSpace) {
        value += isSpace ? " " : char;
        origin.push(index);
      }
      isInSpace = isSpace;
      index += 1;
    }
  }
  return { value, origin };
}

/**
 * The range of `quote` inside text that `inserted` put in, the copy nearest `near` (where the
 * deleted words stood) when there are several; null when the quote is not there whole (or was
 * shortened, so it can't be matched).
 */
export function findWordsBack(text: QuotableText, quote: string, inserted: ReadonlyArray<{ start: number; end: number }>, near: number | null): AnchorRange | null {
  if (!isWholeQuote(quote) || inserted.length === 0) return null;
  let best: AnchorRange | null = null;
  for (let at = text.value.indexOf(quote); at !== -1; at = text.value.indexOf(quote, at + 1)) {
    const index = text.origin[at] ?? 0;
    const end = (text.origin[at + quote.length - 1] ?? index) + 1;
    if (!inserted.some((range) => index >= range.start && end <= range.end)) continue;
    const range = { index, length: end - index };
    if (near === null) return range;
    if (!best || Math.abs(index - near) < Math.abs(best.index - near)) best = range;
  }
  return best;
}
