import type Quill from "quill";
import type { Delta, Range } from "quill";

/** A place in the text that follows the edits made after it was taken (trackRange). */
export interface TrackedRange {
  /** Where it is now. */
  get(): Range;
  /** Follows `range` from now on instead. */
  set(range: Range): void;
  /** Stops following the edits (then `get` keeps answering where it was last): call it once done. */
  release(): void;
}

/**
 * Follows `range` through every change the editor makes from now on: this person's own, a
 * collaborator's arriving through y-quill, an undo, a silent one. An action that opens a box or
 * waits for the server (a template, a link, a formula, a table, an image's upload or description)
 * takes its place here when it starts and reads it when it lands, so text typed above it meanwhile
 * never moves it onto other words (docs/product.md "Editor rules").
 *
 * Quill's own deltas, not Yjs relative positions: y-quill writes a collaborator's change into the
 * Y.Text before Quill shows it, and this person's after, so a position taken inside Quill's events
 * (a blur, a selection change during a change) would be off by that change. The deltas are the
 * editor's own index space at every moment, and work in an editor with no Y.Text (the template editor).
 */
export function trackRange(quill: Quill, range: Range): TrackedRange {
  let current: Range = { index: range.index, length: range.length };
  // editor-change, not text-change: Quill leaves silent changes out of text-change only.
  const follow = (type: string, change: unknown) => {
    if (type === "text-change") current = followRange(current, change as Delta);
  };
  let isFollowing = false;
  const start = () => {
    if (!isFollowing) quill.on("editor-change", follow);
    isFollowing = true;
  };
  start();
  return {
    get: () => ({ ...current }),
    set(next) {
      current = { index: next.index, length: next.length };
      start();
    },
    release() {
      quill.off("editor-change", follow);
      isFollowing = false;
    },
  };
}

/**
 * Where `range` is after `change`. A caret keeps to the character before it, so text inserted
 * right at it goes after it (typing on at the caret goes after an image placed there, as in a word
 * processor). A selection keeps to its own characters: text inserted at either edge stays outside
 * it, and once all of them are deleted it is an empty range where they were.
 */
export function followRange(range: Range, change: Delta): Range {
  if (range.length === 0) return { index: change.transformPosition(range.index, true), length: 0 };
  const start = change.transformPosition(range.index, false);
  const end = change.transformPosition(range.index + range.length, true);
  return { index: start, length: Math.max(0, end - start) };
}
