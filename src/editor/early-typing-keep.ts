import { readEditorText } from "./editor-text";
import type { EarlyTyped } from "./replay-typing";

/**
 * Typing done in the server's HTML before the live editor took over (EarlyTyping) exists only in
 * the page until the swap replays it into the document: a reload or a closed tab in that window
 * (0.3–1 s, longer on a slow device) would lose it. So when the page is hidden before the swap,
 * the body's markup before and after the typing is written, synchronously, to localStorage (the
 * browser aborts IndexedDB writes at unload), and the next page of the document replays it at its
 * swap like its own early typing: the difference between the two, moved onto what the live
 * document holds by then (replayTyping), so it lands as an edit on top of whatever changed
 * meanwhile. The swap forgets every entry: from then on the typing is in the Y.Doc, which keeps
 * itself (device copy, unload guard). One entry per page (its id), replaced at each hide, so a
 * page hidden and shown again before its swap replays nothing twice.
 *
 * The document page's inline script (lib/server-rendered-body.ts) writes the same entry from the
 * moment the body is parsed, before any of our modules run; `keepTypingOnHide` does it for bodies
 * rendered by the app (navigations), and again, identically, once the page is hydrated.
 */

/** One page's typing: its body's markup before, and after as `before` with `middle` in place of its middle. */
export interface KeptTyping {
  id: string;
  before: string;
  /** Characters of `before` kept at the start and at the end of the markup after typing. */
  head: number;
  tail: number;
  middle: string;
  at: number;
}

/** The localStorage entry for a person's early typing in a document (beside the device copy's, editor/connection). */
export function earlyTypingKey(userId: string, documentId: string): string {
  return `quire:${userId}:${documentId}:early`;
}

/** The entry of `id`: `after` as `before` with its changed middle, so an unchanged body is not stored twice. */
export function keptTypingOf(id: string, before: string, after: string, at = Date.now()): KeptTyping {
  const shorter = Math.min(before.length, after.length);
  let head = 0;
  while (head < shorter && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < shorter - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { id, before, head, tail, middle: after.slice(head, after.length - tail), at };
}

/** Writes or replaces the entry `typing.id` under `key`. Never throws: storage full or blocked keeps nothing. */
export function keepTyping(key: string, typing: KeptTyping): void {
  try {
    const others = readEntries(key).filter((entry) => entry.id !== typing.id);
    localStorage.setItem(key, JSON.stringify([...others, typing]));
  } catch {
    // Full or blocked: nothing more can be done at unload.
  }
}

/**
 * While `root` takes early typing, keeps what was typed into it whenever the page is hidden
 * (pagehide, or the tab in the background: a phone may discard it without a pagehide).
 * @returns stop keeping (the typing has been taken by the live editor)
 */
export function keepTypingOnHide(root: HTMLElement, before: string, key: string, id: string): () => void {
  const onHide = () => {
    if (!root.isConnected || root.getAttribute("contenteditable") !== "true") return;
    const after = root.innerHTML;
    if (after !== before) keepTyping(key, keptTypingOf(id, before, after));
  };
  const onVisibility = () => document.visibilityState === "hidden" && onHide();
  window.addEventListener("pagehide", onHide);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    window.removeEventListener("pagehide", onHide);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}

/** What earlier pages kept (all but `ownId`'s), oldest first, as typing to replay: no caret. */
export function keptTypings(key: string, ownId: string): EarlyTyped[] {
  let entries: KeptTyping[];
  try {
    entries = readEntries(key);
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.id !== ownId)
    .sort((a, b) => a.at - b.at)
    .map((entry) => {
      const after = entry.before.slice(0, entry.head) + entry.middle + entry.before.slice(entry.before.length - entry.tail);
      return { before: textOf(entry.before), after: textOf(after), caret: null };
    });
}

/** Forgets every kept entry of the document: the live editor has the typing now. */
export function forgetKeptTyping(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing.
  }
}

function readEntries(key: string): KeptTyping[] {
  const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
  return Array.isArray(parsed) ? parsed.filter(isKeptTyping) : [];
}

function isKeptTyping(value: unknown): value is KeptTyping {
  const entry = value as Partial<KeptTyping> | null;
  return (
    typeof entry?.id === "string" &&
    typeof entry.before === "string" &&
    typeof entry.middle === "string" &&
    typeof entry.at === "number" &&
    Number.isInteger(entry.head) &&
    Number.isInteger(entry.tail) &&
    (entry.head ?? 0) >= 0 &&
    (entry.tail ?? 0) >= 0 &&
    (entry.head ?? 0) + (entry.tail ?? 0) <= entry.before.length
  );
}

/** The text of body markup as the editor counts it (readEditorText), read without rendering it. */
function textOf(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  return readEditorText(template.content).text;
}

/**
 * The same keeping as `keepTypingOnHide`, as plain JavaScript for the page's inline script: run
 * where `e` is the body's element, `b` its markup as parsed. Kept in step with keptTypingOf and
 * keepTyping (early-typing-keep.test.ts runs it against them).
 */
export function keepTypingScript(key: string, id: string): string {
  // Inside a <script>: no "<" may close it.
  const k = JSON.stringify(key).replaceAll("<", "\\u003c");
  const i = JSON.stringify(id).replaceAll("<", "\\u003c");
  return (
    `function h(){try{if(!e.isConnected||e.getAttribute("contenteditable")!=="true")return;var a=e.innerHTML;if(a===b)return;` +
    `var n=Math.min(a.length,b.length),p=0,s=0;while(p<n&&a.charCodeAt(p)===b.charCodeAt(p))p++;` +
    `while(s<n-p&&a.charCodeAt(a.length-1-s)===b.charCodeAt(b.length-1-s))s++;` +
    `var l=JSON.parse(localStorage.getItem(${k})||"[]");if(!Array.isArray(l))l=[];` +
    `l=l.filter(function(x){return!x||x.id!==${i}});` +
    `l.push({id:${i},before:b,head:p,tail:s,middle:a.slice(p,a.length-s),at:Date.now()});` +
    `localStorage.setItem(${k},JSON.stringify(l))}catch(x){}}` +
    `addEventListener("pagehide",h);document.addEventListener("visibilitychange",function(){document.visibilityState==="hidden"&&h()});`
  );
}
