import { holdPage, holdPageScript, releasePage } from "./early-typing-page-lock";

/**
 * Typing done in the server's HTML before the live editor took over (EarlyTyping) exists only in
 * the page until the swap replays it into the document: a reload or a closed tab in that window
 * (0.3–1 s, longer on a slow device) would lose it. So when the page is hidden or left before the
 * swap, what was typed is written, synchronously, to localStorage (the browser aborts IndexedDB
 * writes at unload), and the next page of the document replays it at its swap like its own early
 * typing (early-typing-kept.ts): moved onto what the live document holds by then, so it lands as
 * an edit on top of whatever changed meanwhile. The swap forgets every entry: from then on the
 * typing is in the Y.Doc, which keeps itself (device copy, unload guard). One entry per page (its
 * id), replaced at each hide, so a page hidden and shown again before its swap replays nothing twice.
 *
 * An entry holds no copy of the body (a 100,000-word body's markup is over a megabyte of the
 * origin's ~5 MB): only the changed middle, the length of the markup before and a bounded stretch
 * of it on each side. The next page rebuilds the markup before from its own body when that has
 * the same length and the same stretch in the same place (the document has not changed there),
 * and otherwise finds the typing by the stretch's text. When storage is full anyway, room is made
 * (older entries compacted, other documents' stale ones dropped) and the write tried again; when
 * it still fails, leaving the page asks first (beforeunload).
 *
 * The document page's inline script (server-body-snapshot-script.ts) writes the same entry from the
 * moment the body is parsed, before any of our modules run; `keepTypingOnHide` does it for bodies
 * rendered by the app (navigations), and again, identically, once the page is hydrated.
 */

/** One page's typing: the body's markup after it is the markup before with `middle` in place of its middle. */
export interface KeptTyping {
  v: 2;
  id: string;
  /** The length of the markup before: a page whose body has the same, with `pre`, `removed` and `post` in place, rebuilds it. */
  length: number;
  /** Characters of the markup before kept at the start and at the end of the markup after typing. */
  head: number;
  tail: number;
  middle: string;
  /** Up to KEPT_CONTEXT characters of the markup before on each side of its changed middle. */
  pre: string;
  post: string;
  /** The markup before's own changed middle (what the typing replaced); over KEPT_REMOVED_MAX, its first and last KEPT_CONTEXT characters. */
  removed: string | [string, string];
  at: number;
}

/** An entry as pages wrote it before KeptTyping (the whole markup before): still read, and compacted to make room. */
export interface LegacyKeptTyping {
  id: string;
  before: string;
  head: number;
  tail: number;
  middle: string;
  at: number;
}

/** Characters of the markup kept on each side of the typing, to find it in a body changed since. */
export const KEPT_CONTEXT = 1_000;
/** The longest replaced markup an entry keeps whole (of a longer selection typed over, its two ends). */
export const KEPT_REMOVED_MAX = 16_384;
/** Other documents' entries older than this are dropped when storage is full: their typing never came back. */
export const STALE_KEPT_TYPING_MS = 30 * 24 * 60 * 60 * 1000;

const EARLY_SUFFIX = ":early";

/** The localStorage entry for a person's early typing in a document (beside the device copy's, editor/connection). */
export function earlyTypingKey(userId: string, documentId: string): string {
  return `quire:${userId}:${documentId}${EARLY_SUFFIX}`;
}

/** The start every early-typing key of the key's person shares (`quire:<user>:`). */
function personPrefixOf(key: string): string {
  return key.slice(0, key.indexOf(":", "quire:".length) + 1);
}

/** The entry of `id` for the markup `before` with its middle (`head` and `tail` kept) replaced by `middle`. */
function entryOf(id: string, before: string, head: number, tail: number, middle: string, at: number): KeptTyping {
  const removed = before.slice(head, before.length - tail);
  return {
    v: 2,
    id,
    length: before.length,
    head,
    tail,
    pre: before.slice(Math.max(0, head - KEPT_CONTEXT), head),
    post: before.slice(before.length - tail, before.length - tail + KEPT_CONTEXT),
    removed: removed.length > KEPT_REMOVED_MAX ? [removed.slice(0, KEPT_CONTEXT), removed.slice(-KEPT_CONTEXT)] : removed,
    middle,
    at,
  };
}

/** Characters compared at once while looking for the changed middle: natively, before one by one. */
const SCAN_CHUNK = 1_024;

/** The entry of `id` for typing that turned the markup `before` into `after`. */
export function keptTypingOf(id: string, before: string, after: string, at = Date.now()): KeptTyping {
  // Character by character, half a million characters cost tens of ms in a page's cold code at
  // unload; comparing slices first costs about one (docs/benchmarks.md "Keeping early typing at pagehide").
  const shorter = Math.min(before.length, after.length);
  let head = 0;
  while (head + SCAN_CHUNK <= shorter && before.slice(head, head + SCAN_CHUNK) === after.slice(head, head + SCAN_CHUNK)) head += SCAN_CHUNK;
  while (head < shorter && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  let tail = 0;
  const endsAlike = (length: number) => before.slice(before.length - length, before.length - tail) === after.slice(after.length - length, after.length - tail);
  while (tail + SCAN_CHUNK <= shorter - head && endsAlike(tail + SCAN_CHUNK)) tail += SCAN_CHUNK;
  while (tail < shorter - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return entryOf(id, before, head, tail, after.slice(head, after.length - tail), at);
}

/**
 * Writes or replaces the entry `typing.id` under `key`. When storage refuses it (full, or blocked),
 * makes room (freeKeptTypingSpace) and tries once more.
 * @returns whether the entry is kept
 */
export function keepTyping(key: string, typing: KeptTyping): boolean {
  if (writeEntry(key, typing)) return true;
  freeKeptTypingSpace(key);
  return writeEntry(key, typing);
}

function writeEntry(key: string, typing: KeptTyping): boolean {
  try {
    const others = storedEntries(key).filter((entry) => isObject(entry) && entry.id !== typing.id);
    localStorage.setItem(key, JSON.stringify([...others, typing]));
    return true;
  } catch {
    return false; // full or blocked
  }
}

/**
 * Makes room for early typing among the early-typing entries of `key`'s person: entries in the
 * old format (the whole markup before) are rewritten as KeptTyping, which replays them from its
 * stretch as any entry, and other documents' entries older than STALE_KEPT_TYPING_MS are dropped.
 * `key`'s own entries all stay: they are replayed at this page's swap.
 */
function freeKeptTypingSpace(key: string): void {
  const prefix = personPrefixOf(key);
  const now = Date.now();
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i) ?? "");
    for (const other of keys) {
      if (!other.startsWith(prefix) || !other.endsWith(EARLY_SUFFIX)) continue;
      try {
        const kept = storedEntries(other)
          .filter((entry): entry is Record<string, unknown> => isObject(entry) && (other === key || now - Number(entry.at) < STALE_KEPT_TYPING_MS))
          .map(compacted);
        if (kept.length > 0) localStorage.setItem(other, JSON.stringify(kept));
        else localStorage.removeItem(other);
      } catch {
        // This one can't be rewritten; the others may still make room.
      }
    }
  } catch {
    // Blocked storage: there is no room to make.
  }
}

/** An old-format entry as a KeptTyping, which replays the same from a fraction of the room; others as they are. */
function compacted(entry: Record<string, unknown>): unknown {
  if (typeof entry.before !== "string") return entry;
  const legacy = entry as unknown as LegacyKeptTyping;
  return entryOf(legacy.id, legacy.before, legacy.head, legacy.tail, legacy.middle, legacy.at);
}

/** The entries stored under `key`, as parsed: an unreadable one holds none. @throws when storage is blocked */
export function storedEntries(key: string): unknown[] {
  const text = localStorage.getItem(key);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? "[]");
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * While `root` takes early typing, keeps what was typed into it whenever the page is hidden
 * (pagehide, or the tab in the background: a phone may discard it without a pagehide) or left:
 * at beforeunload, a write storage refuses makes the browser ask before leaving.
 * @returns stop keeping (the typing has been taken by the live editor)
 */
export function keepTypingOnHide(root: HTMLElement, before: string, key: string, id: string): () => void {
  // While it may keep typing, the page holds its lock: another tab's swap leaves its entry to it.
  holdPage(id);
  let keptMarkup: string | null = null;
  /** Whether what the body holds is kept (or needs no keeping). */
  const keep = (): boolean => {
    if (!root.isConnected || root.getAttribute("contenteditable") !== "true") return true;
    const after = root.innerHTML;
    if (after === keptMarkup) return true;
    if (after === before) {
      // Typed, kept at a hide, then deleted back: the kept entry would bring the typing back.
      if (keptMarkup !== null) forgetKeptTyping(key, new Set([id]));
      keptMarkup = after;
      return true;
    }
    if (!keepTyping(key, keptTypingOf(id, before, after))) return false;
    keptMarkup = after;
    return true;
  };
  const onHide = () => void keep();
  const onVisibility = () => document.visibilityState === "hidden" && keep();
  // Chromium asks only after the person interacted with the page: typing into it is that.
  const onLeave = (event: BeforeUnloadEvent) => {
    if (!keep()) event.preventDefault();
  };
  window.addEventListener("pagehide", onHide);
  window.addEventListener("beforeunload", onLeave);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    window.removeEventListener("pagehide", onHide);
    window.removeEventListener("beforeunload", onLeave);
    document.removeEventListener("visibilitychange", onVisibility);
    releasePage(id);
  };
}

/**
 * Forgets the document's kept entries of the pages `ids` (the live editor has their typing now,
 * or there is none), or all of them. Another page's entry written meanwhile stays: it is that
 * page's to replay, or the next page's once it is gone.
 */
export function forgetKeptTyping(key: string, ids?: ReadonlySet<string>): void {
  try {
    const others = ids ? storedEntries(key).filter((entry) => isObject(entry) && !ids.has(String(entry.id))) : [];
    if (others.length > 0) localStorage.setItem(key, JSON.stringify(others));
    else localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing.
  }
}

/**
 * The same keeping as `keepTypingOnHide` (keptTypingOf, keepTyping, freeKeptTypingSpace),
 * as plain JavaScript for the page's inline script: run where `e` is the body's element, `b` its
 * markup as parsed. Kept in step with them: early-typing-keep.test.ts runs it against them, room
 * making included.
 */
export function keepTypingScript(key: string, id: string): string {
  // Inside a <script>: no "<" may close it.
  const json = (value: string) => JSON.stringify(value).replaceAll("<", "\\u003c");
  // Upper-case names: the snapshot script around it has its own lower-case ones (e, b, c).
  return (
    `var K=${json(key)},I=${json(id)},U=${json(personPrefixOf(key))},W=${KEPT_CONTEXT},R=${KEPT_REMOVED_MAX},A=${STALE_KEPT_TYPING_MS},C=${SCAN_CHUNK},O;` +
    `function M(i,q,p,s,d,t){var r=q.slice(p,q.length-s);` +
    `return{v:2,id:i,length:q.length,head:p,tail:s,pre:q.slice(Math.max(0,p-W),p),post:q.slice(q.length-s,q.length-s+W),removed:r.length>R?[r.slice(0,W),r.slice(-W)]:r,middle:d,at:t}}` +
    `function D(i,q,a,t){var n=Math.min(q.length,a.length),p=0,s=0;` +
    `while(p+C<=n&&q.slice(p,p+C)===a.slice(p,p+C))p+=C;while(p<n&&q.charCodeAt(p)===a.charCodeAt(p))p++;` +
    `while(s+C<=n-p&&q.slice(q.length-s-C,q.length-s)===a.slice(a.length-s-C,a.length-s))s+=C;` +
    `while(s<n-p&&q.charCodeAt(q.length-1-s)===a.charCodeAt(a.length-1-s))s++;return M(i,q,p,s,a.slice(p,a.length-s),t)}` +
    `function L(k){var x=localStorage.getItem(k);try{x=JSON.parse(x||"[]")}catch(z){x=0}return Array.isArray(x)?x:[]}` +
    `function P(x){try{var a=L(K).filter(function(y){return y&&typeof y==="object"&&y.id!==I});a.push(x);localStorage.setItem(K,JSON.stringify(a));return!0}catch(z){return!1}}` +
    `function F(){var n=Date.now(),k=[],i;try{for(i=0;i<localStorage.length;i++)k.push(localStorage.key(i)||"");` +
    `k.forEach(function(j){if(j.indexOf(U)||j.slice(-6)!==":early")return;` +
    `try{var a=L(j).filter(function(y){return y&&typeof y==="object"&&(j===K||n-y.at<A)})` +
    `.map(function(y){return typeof y.before==="string"?M(y.id,y.before,y.head,y.tail,y.middle,y.at):y});` +
    `a.length?localStorage.setItem(j,JSON.stringify(a)):localStorage.removeItem(j)}catch(z){}})}catch(z){}}` +
    `function H(){if(!e.isConnected||e.getAttribute("contenteditable")!=="true")return!0;var a=e.innerHTML;if(a===O)return!0;` +
    `if(a===b){if(O!==void 0)try{var x=L(K).filter(function(y){return y&&typeof y==="object"&&y.id!==I});` +
    `x.length?localStorage.setItem(K,JSON.stringify(x)):localStorage.removeItem(K)}catch(z){}O=a;return!0}` +
    `var x=D(I,b,a,Date.now());if(P(x)||(F(),P(x))){O=a;return!0}return!1}` +
    holdPageScript() +
    `addEventListener("pagehide",function(){H()});addEventListener("beforeunload",function(v){H()||v.preventDefault()});` +
    `document.addEventListener("visibilitychange",function(){document.visibilityState==="hidden"&&H()});`
  );
}
