import { KEPT_GAP } from "./kept-typing-window";
import type { KeptTypingWindow } from "./kept-typing-window";

/** Where kept typing lands in the live text: the stretch `index`…`index + length` stood as `before`, and becomes `after`. */
export interface PlacedTyping {
  index: number;
  length: number;
  before: string;
  after: string;
}

/** The fewest characters of text next to the change that may find its place (shorter ones are found anywhere). */
const MIN_ANCHOR = 24;
/** How much the text between the two anchors may have grown meanwhile (others' edits there) and still be the same place. */
const SLACK = 2_000;

/**
 * Finds where typing kept on a body that changed since goes in the live text.
 * - The whole stretch, where the live text has it as it was (the occurrence nearest the typing's
 *   place in the document).
 * - Else the longest text just before the change that the document has once, and the text just
 *   after the change that follows it, or either one: the change replays there, with what lies
 *   between reconciled by the replay's transform (others' edits there stay). A long replaced
 *   text, kept by its two ends only, is deleted only when both ends are found as they were.
 * - Else nothing is deleted, and the lines as they were typed are added as lines of their own,
 *   before the line the typing was in, or, that place gone too (the text around it deleted
 *   meanwhile), after the line at the same place in the document. Typing is never dropped.
 */
export function placeKeptTyping(live: string, typed: KeptTypingWindow): PlacedTyping {
  const { before, after } = typed;
  const prefix = commonPrefix(before, after);
  const suffix = commonSuffix(before, after, prefix);
  const leading = before.slice(0, prefix);
  const trailing = before.slice(before.length - suffix);
  const replaced = before.slice(prefix, before.length - suffix);
  const inserted = after.slice(prefix, after.length - suffix);
  const near = Math.round(typed.near * live.length);
  const gap = replaced.indexOf(KEPT_GAP);
  if (gap === -1) {
    const at = nearestIndexOf(live, before, near - prefix);
    if (at !== -1) return { index: at, length: before.length, before, after };
  }
  const lead = longestAnchor(leading.length, MIN_ANCHOR, (length) => onlyIndexOf(live, leading.slice(leading.length - length)));
  if (lead) {
    const from = lead.at + lead.length;
    const head = leading.slice(leading.length - lead.length);
    if (gap === -1) {
      const trail = longestAnchor(trailing.length, MIN_ANCHOR, (length) => withinReach(live.indexOf(trailing.slice(0, length), from), from, replaced.length));
      const tail = trail ? trailing.slice(0, trail.length) : "";
      const end = trail ? trail.at + trail.length : Math.min(from + replaced.length, live.length);
      return { index: lead.at, length: end - lead.at, before: head + replaced + tail, after: head + inserted + tail };
    }
    const [first = "", last = ""] = [replaced.slice(0, gap), replaced.slice(gap + 1)];
    // What lies between the two ends is deleted as it stands now: the person deleted all of it.
    const trail = live.startsWith(first, from)
      ? longestAnchor(trailing.length, Math.max(0, MIN_ANCHOR - last.length), (length) => live.indexOf(last + trailing.slice(0, length), from + first.length))
      : null;
    if (trail) {
      const end = trail.at + last.length + trail.length;
      return { index: lead.at, length: end - lead.at, before: live.slice(lead.at, end), after: head + inserted + trailing.slice(0, trail.length) };
    }
    return typedLinesAt(live, lineStart(live, from), after, prefix, suffix);
  }
  const trail = longestAnchor(trailing.length, MIN_ANCHOR, (length) => onlyIndexOf(live, trailing.slice(0, length)));
  if (trail && gap === -1) {
    const tail = trailing.slice(0, trail.length);
    const start = Math.max(0, trail.at - replaced.length);
    return { index: start, length: trail.at + trail.length - start, before: replaced + tail, after: inserted + tail };
  }
  if (trail) return typedLinesAt(live, lineStart(live, trail.at), after, prefix, suffix);
  // After the line at the same place: the live text always ends with a line break.
  return typedLinesAt(live, live.indexOf("\n", Math.min(Math.max(0, near), live.length - 1)) + 1, after, prefix, suffix);
}

function lineStart(text: string, index: number): number {
  return index <= 0 ? 0 : text.lastIndexOf("\n", index - 1) + 1;
}

/** The whole lines of `after` the typing is in, added as lines of their own at the line start `index` of `live`; nothing when nothing was typed. */
function typedLinesAt(live: string, index: number, after: string, prefix: number, suffix: number): PlacedTyping {
  if (prefix + suffix >= after.length) return { index, length: 0, before: "", after: "" };
  const end = after.indexOf("\n", after.length - suffix);
  const lines = after.slice(lineStart(after, prefix), end === -1 ? after.length : end);
  // After the last line break there is no line to put them before: they follow the last line instead.
  if (index >= live.length) return { index: live.length - 1, length: 0, before: "", after: `\n${lines}` };
  return { index, length: 0, before: "", after: `${lines}\n` };
}

/** The longest of `available` characters, halving while not under `min`, that `find` finds (its index, or -1). */
function longestAnchor(available: number, min: number, find: (length: number) => number): { at: number; length: number } | null {
  for (let length = available; length >= min; length = Math.floor(length / 2)) {
    const at = find(length);
    if (at !== -1) return { at, length };
    if (length === 0) break;
  }
  return null;
}

/** Where `needle` is in `text` when it is there once, else -1 (found twice, it says nothing of where). */
function onlyIndexOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  return at !== -1 && text.indexOf(needle, at + 1) === -1 ? at : -1;
}

/** `at` when it lies after `from` no further than the replaced text and what others may have added to it. */
function withinReach(at: number, from: number, replaced: number): number {
  return at !== -1 && at - from <= replaced + SLACK ? at : -1;
}

/** The occurrence of `needle` in `text` nearest `target`, or -1. */
function nearestIndexOf(text: string, needle: string, target: number): number {
  const from = Math.max(0, Math.min(target, text.length));
  const next = text.indexOf(needle, from);
  const previous = from > 0 ? text.lastIndexOf(needle, from - 1) : -1;
  if (next === -1 || previous === -1) return next === -1 ? previous : next;
  return from - previous <= next - from ? previous : next;
}

function commonPrefix(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  let length = 0;
  while (length < shorter && a.charCodeAt(length) === b.charCodeAt(length)) length++;
  return length;
}

function commonSuffix(a: string, b: string, prefix: number): number {
  const shorter = Math.min(a.length, b.length) - prefix;
  let length = 0;
  while (length < shorter && a.charCodeAt(a.length - 1 - length) === b.charCodeAt(b.length - 1 - length)) length++;
  return length;
}
