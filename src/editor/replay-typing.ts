import type Quill from "quill";
import type { Delta as DeltaType } from "quill";
import { EMBED_CHAR } from "./editor-text";
import type { KeptTypingWindow } from "./kept-typing-window";
import { placeKeptTyping } from "./place-kept-typing";

/** What was typed into the body before the live editor took over (see EarlyTyping). */
export interface EarlyTyped {
  /** The text of the body as the page showed it (readEditorText). */
  before: string;
  /** The text after the person's typing. */
  after: string;
  /** The caret in `after`, or null when the body did not have it. */
  caret: number | null;
}

/**
 * Applies what was typed before the editor was live as the person's own edit ("user": it syncs,
 * stores and undoes like any typing) and returns where the caret goes. The change is the
 * difference between the two texts, moved onto what the live document holds by now (this
 * device's copy or others' edits may differ from the page's HTML), and replayed as Quill's
 * keyboard would: new text takes the formats around it, a new line keeps its line's formats,
 * except after the end of a heading; lines joined by a deletion keep the first line's formats.
 */
export function replayTyping(quill: Quill, Delta: typeof DeltaType, typed: EarlyTyped | KeptTypingWindow): number | null {
  const asDelta = (text: string) => new Delta().insert(text);
  const live = liveText(quill);
  // A window is found in the live text first; its change then moves onto what that stretch holds.
  const placed = "near" in typed ? placeKeptTyping(live, typed) : { index: 0, length: live.length, before: typed.before, after: typed.after };
  const change = asDelta(placed.before).diff(asDelta(placed.after), "near" in typed ? undefined : caretBefore(typed));
  if (change.ops.length === 0 && typed.caret === null) return null;
  const toLive = asDelta(placed.before).diff(asDelta(live.slice(placed.index, placed.index + placed.length)));
  const rebased = toLive.transform(change, true);
  let index = placed.index;
  for (const op of rebased.ops) {
    if (typeof op.retain === "number") index += op.retain;
    else if (typeof op.delete === "number") deleteAsTyped(quill, index, op.delete);
    else if (typeof op.insert === "string") index += insertAsTyped(quill, index, op.insert);
  }
  if (typed.caret === null) return null;
  return Math.min(change.transform(toLive, false).transformPosition(typed.caret), quill.getLength() - 1);
}

/**
 * Where the caret was before the typing, if it was one run of typing that ended at the caret:
 * the diff then puts the edit there (Quill hands fast-diff its selection the same way). Text
 * alone is ambiguous — "item⏎next⏎" from "item⏎" may be a line typed after the item (a list
 * item too, as the browser showed it) or one typed after the document's last line break.
 */
function caretBefore(typed: EarlyTyped): number | undefined {
  if (typed.caret === null) return undefined;
  const index = typed.caret - (typed.after.length - typed.before.length);
  return index >= 0 && index <= typed.before.length ? index : undefined;
}

/** The live document's text, embeds as EMBED_CHAR, as readEditorText counts the page's. */
function liveText(quill: Quill): string {
  return quill
    .getContents()
    .ops.map((op) => (typeof op.insert === "string" ? op.insert : EMBED_CHAR))
    .join("");
}

/** Inserts text at `index` as typing would; returns how many positions it added. */
function insertAsTyped(quill: Quill, index: number, text: string): number {
  let at = index;
  // An embed can't be typed: one in the text could only come from the browser's own undo.
  for (const part of text.replaceAll(EMBED_CHAR, "").split(/(\n)/)) {
    if (part === "\n") {
      const [line, offset] = quill.getLine(at);
      const isEndOfHeading = line !== null && offset === line.length() - 1 && Boolean(line.formats().header);
      quill.insertText(at, "\n", "user"); // splits the line; both halves keep its formats
      // Quill's "header enter" binding: Enter at the end of a heading starts a plain line.
      if (isEndOfHeading) quill.formatLine(at + 1, 1, "header", false, "user");
    } else if (part) {
      quill.insertText(at, part, "user"); // lands in the text at `at`, so it takes its formats
    }
    at += part.length;
  }
  return at - index;
}

/** Deletes as Backspace and Delete do: when lines are joined, the line the deletion starts on keeps its formats. */
function deleteAsTyped(quill: Quill, index: number, length: number): void {
  const [line, offset] = quill.getLine(index);
  const joinsLines = quill.getText(index, length).includes("\n");
  // Starting at the very beginning of a line, that line goes entirely: nothing of it to keep.
  const kept = joinsLines && line !== null && offset > 0 ? line.formats() : null;
  quill.deleteText(index, length, "user");
  if (!kept) return;
  const [joined] = quill.getLine(index);
  if (!joined) return;
  const current = joined.formats();
  const restore: Record<string, unknown> = {};
  for (const name of Object.keys(current)) if (!(name in kept)) restore[name] = null;
  for (const [name, value] of Object.entries(kept)) if (current[name] !== value) restore[name] = value;
  if (Object.keys(restore).length > 0) quill.formatLine(index, 1, restore, "user");
}
