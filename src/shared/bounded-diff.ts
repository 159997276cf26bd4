import type { Diff } from "@sanity/diff-match-patch";
import { cleanupSemantic, DIFF_DELETE, DIFF_INSERT, makeDiff } from "@sanity/diff-match-patch";
import Delta, { AttributeMap, OpIterator } from "quill-delta";
import type { Op } from "quill-delta";

/**
 * How long one comparison may look for the smallest difference before it settles for a larger
 * one (a stretch it hasn't matched yet then reads as deleted and inserted whole).
 *
 * Why a limit at all: Myers' diff, which Delta's own `diff` runs through fast-diff, costs about
 * the texts' length times the size of the difference, with no way to stop it. Two versions of a
 * rewritten 10,000-word page took 28 s to compare and 80 s to restore, on the server's only
 * thread: no page, API call or socket of anyone was answered meanwhile. diff-match-patch, from
 * which fast-diff was cut down, keeps the deadline; within it the result is the same kind of
 * smallest difference, and past it a correct but coarser one.
 */
export const DIFF_TIME_LIMIT_SECONDS = 0.2;

/**
 * The difference from `older` to `newer` as diff-match-patch's [kind, text] runs, found within
 * DIFF_TIME_LIMIT_SECONDS and given the semantic clean-up Delta's diff asks of fast-diff (runs
 * read as words changed, not scattered letters).
 */
export function diffTexts(older: string, newer: string): Diff[] {
  return cleanupSemantic(makeDiff(older, newer, { timeout: DIFF_TIME_LIMIT_SECONDS }));
}

// Delta's own placeholder for an embed in the compared text: any two embeds match as text, and
// are then compared by value.
const EMBED = "\u0000";

/**
 * `older.diff(newer)` of two document deltas (inserts only), with the text comparison bounded by
 * DIFF_TIME_LIMIT_SECONDS: the change that turns `older` into `newer`. Written after quill-delta's
 * `Delta.prototype.diff` (5.1), which differs only in the unbounded fast-diff it calls.
 */
export function diffDocuments(older: Delta, newer: Delta): Delta {
  if (older.ops === newer.ops) return new Delta();
  const runs = diffTexts(textOf(older), textOf(newer));
  const change = new Delta();
  const olderOps = new OpIterator(older.ops);
  const newerOps = new OpIterator(newer.ops);
  for (const [kind, text] of runs) {
    let length = text.length;
    while (length > 0) {
      let taken: number;
      if (kind === DIFF_INSERT) {
        taken = Math.min(newerOps.peekLength(), length);
        change.push(newerOps.next(taken));
      } else if (kind === DIFF_DELETE) {
        taken = Math.min(olderOps.peekLength(), length);
        olderOps.next(taken);
        change.delete(taken);
      } else {
        taken = Math.min(olderOps.peekLength(), newerOps.peekLength(), length);
        const was = olderOps.next(taken);
        const is = newerOps.next(taken);
        if (sameInsert(was, is)) change.retain(taken, AttributeMap.diff(was.attributes, is.attributes));
        else change.push(is).delete(taken);
      }
      length -= taken;
    }
  }
  return change.chop();
}

function textOf(delta: Delta): string {
  return delta.ops
    .map((op) => {
      if (op.insert == null) throw new Error("diffDocuments compares documents: inserts only");
      return typeof op.insert === "string" ? op.insert : EMBED;
    })
    .join("");
}

function sameInsert(a: Op, b: Op): boolean {
  if (typeof a.insert === "string" || typeof b.insert === "string") return a.insert === b.insert;
  return JSON.stringify(a.insert) === JSON.stringify(b.insert);
}
