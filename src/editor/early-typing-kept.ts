import { readEditorText } from "./editor-text";
import type { KeptTyping, LegacyKeptTyping } from "./early-typing-keep";
import { KEPT_CONTEXT, storedEntries } from "./early-typing-keep";
import { KEPT_GAP } from "./kept-typing-window";
import type { KeptTypingWindow } from "./kept-typing-window";
import type { EarlyTyped } from "./replay-typing";

/**
 * What earlier pages kept (early-typing-keep.ts; all but `ownId`'s), oldest first, as typing to
 * replay: no caret. `baseline` is this page's body markup before its own typing: an entry made
 * on markup of the same length with the same stretch around the typing in the same place (the
 * document has not changed there on the server) is rebuilt whole from it, and replays exactly as
 * the page's own typing would; one made on a body that changed since replays from the text of the
 * stretch it kept around the typing (placeKeptTyping).
 */
export function keptTypings(key: string, ownId: string, baseline: string): Array<EarlyTyped | KeptTypingWindow> {
  return keptTypingsOf(key, ownId, baseline, new Set()).typings;
}

/** `keptTypings`, leaving out the entries of the pages `live` (they replay their own), with the ids of those it returns. */
export function keptTypingsOf(
  key: string,
  ownId: string,
  baseline: string,
  live: ReadonlySet<string>,
): { ids: Set<string>; typings: Array<EarlyTyped | KeptTypingWindow> } {
  let entries: unknown[];
  try {
    entries = storedEntries(key);
  } catch {
    return { ids: new Set(), typings: [] };
  }
  const markupFor = markupMatcher(baseline);
  const replayed = entries
    .filter((entry): entry is KeptTyping | LegacyKeptTyping => isKeptTyping(entry) || isLegacyKeptTyping(entry))
    .filter((entry) => entry.id !== ownId && !live.has(entry.id))
    .sort((a, b) => a.at - b.at);
  const typings = replayed.map((entry) => {
    if ("before" in entry) return wholeTyping(entry.before, entry.head, entry.tail, entry.middle);
    const before = markupFor(entry) ?? wholeWindow(entry);
    return before === null ? windowTyping(entry) : wholeTyping(before, entry.head, entry.tail, entry.middle);
  });
  return { ids: new Set(replayed.map((entry) => entry.id)), typings };
}

/**
 * `baseline` (as it stands, or as the browser writes it back) when an entry's typing can be put
 * back into it as it was typed: the same length, and the kept stretch at the same place. Markup
 * changed elsewhere is no matter: the replay moves the typing onto the live document from there.
 */
function markupMatcher(baseline: string): (entry: KeptTyping) => string | null {
  let canonical: string | null = null;
  const isBefore = (markup: string, entry: KeptTyping): boolean => {
    if (markup.length !== entry.length) return false;
    const tail = markup.length - entry.tail;
    const [start, end] = typeof entry.removed === "string" ? [entry.removed, ""] : entry.removed;
    return (
      markup.slice(entry.head - entry.pre.length, entry.head) === entry.pre &&
      markup.slice(tail, tail + entry.post.length) === entry.post &&
      markup.slice(entry.head, entry.head + start.length) === start &&
      markup.slice(tail - end.length, tail) === end
    );
  };
  return (entry) => {
    if (isBefore(baseline, entry)) return baseline;
    // A body rendered by the app holds the server's string, the inline script's snapshot the browser's serialisation of it.
    canonical ??= serialised(baseline);
    return isBefore(canonical, entry) ? canonical : null;
  };
}

/** The whole markup before, when the entry's context reaches both ends of it (a short body). */
function wholeWindow(entry: KeptTyping): string | null {
  if (typeof entry.removed !== "string" || entry.pre.length !== entry.head || entry.post.length !== entry.tail) return null;
  return entry.pre + entry.removed + entry.post;
}

function wholeTyping(before: string, head: number, tail: number, middle: string): EarlyTyped {
  return { before: textOf(before), after: textOf(before.slice(0, head) + middle + before.slice(before.length - tail)), caret: null };
}

/** A line's opening tag, or a container of lines: markup cut there reads as the document does. */
const LINE_START = /^<(?:p|h[1-6]|li|ol|ul|pre|blockquote|div|table|tbody|tr|td)[\s>]/;

/** The text of the kept stretch before and after typing, for a body that has changed since. */
function windowTyping(entry: KeptTyping): KeptTypingWindow {
  const isAtEnd = entry.post.length === entry.tail;
  const opening = entry.pre.length === entry.head ? entry.pre : fromCut(entry.pre);
  const closing = isAtEnd ? entry.post : toCut(entry.post);
  // Cut inside the document, the stretch's last line ends with a line break the document has further on.
  const ending = (read: string) => (isAtEnd ? read : read.slice(0, -1));
  const after = ending(textOf(opening + entry.middle + closing));
  const near = entry.length > 0 ? entry.head / entry.length : 0;
  if (typeof entry.removed === "string") return { before: ending(textOf(opening + entry.removed + closing)), after, caret: null, near };
  // A long replaced text: the text of its two ends, KEPT_GAP for its middle.
  const [start, end] = entry.removed;
  const before = textOf(opening + toCut(start)).slice(0, -1) + KEPT_GAP + ending(textOf(fromCut(end) + closing));
  return { before, after, caret: null, near };
}

/** Markup cut at its start, from where it reads as the document's text: past a cut tag or entity, in a line. */
function fromCut(markup: string): string {
  let from = 0;
  const close = markup.indexOf(">");
  const open = markup.indexOf("<");
  if (close !== -1 && (open === -1 || close < open)) from = close + 1;
  else from = /^[#\w]{0,8};/.exec(markup)?.[0].length ?? 0;
  const rest = markup.slice(from);
  // Mid-line, the text is a line's end: a line of its own here too (a stray `</p>` alone would add an empty line).
  return LINE_START.test(rest) ? rest : `<p>${rest}`;
}

/** Markup cut at its end, up to where it reads as the document's text: before a cut tag or entity. */
function toCut(markup: string): string {
  let to = markup.length;
  const open = markup.lastIndexOf("<");
  if (open > markup.lastIndexOf(">")) to = open;
  const entity = /&[#\w]{0,8}$/.exec(markup.slice(0, to));
  return markup.slice(0, entity ? entity.index : to);
}

/** Markup as the browser writes it back after parsing it. */
function serialised(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.innerHTML;
}

/** The text of body markup as the editor counts it (readEditorText), read without rendering it. */
function textOf(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  return readEditorText(template.content).text;
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

function isKeptTyping(value: unknown): value is KeptTyping {
  const entry = value as Partial<KeptTyping> | null; // parsed from storage: checked field by field below
  return (
    entry?.v === 2 &&
    typeof entry.id === "string" &&
    typeof entry.middle === "string" &&
    typeof entry.pre === "string" &&
    typeof entry.post === "string" &&
    isRemoved(entry.removed) &&
    typeof entry.at === "number" &&
    isCount(entry.length) &&
    isCount(entry.head) &&
    isCount(entry.tail) &&
    entry.head + entry.tail <= entry.length &&
    entry.pre.length <= entry.head &&
    entry.post.length <= entry.tail &&
    (typeof entry.removed !== "string" || entry.removed.length === entry.length - entry.head - entry.tail)
  );
}

function isRemoved(value: unknown): value is KeptTyping["removed"] {
  if (typeof value === "string") return true;
  return Array.isArray(value) && value.length === 2 && value.every((end) => typeof end === "string" && end.length <= KEPT_CONTEXT);
}

function isLegacyKeptTyping(value: unknown): value is LegacyKeptTyping {
  const entry = value as Partial<LegacyKeptTyping> | null; // parsed from storage: checked field by field below
  return (
    typeof entry?.id === "string" &&
    typeof entry.before === "string" &&
    typeof entry.middle === "string" &&
    typeof entry.at === "number" &&
    isCount(entry.head) &&
    isCount(entry.tail) &&
    entry.head + entry.tail <= entry.before.length
  );
}
