/**
 * Which pages are still alive to replay their own early typing. A page that may keep typing
 * (early-typing-keep.ts) holds a Web Lock named by its id until its swap; the browser lets go of it
 * when the page goes away. Another tab of the document, at its swap, replays only the entries of
 * pages whose lock nobody holds (early-typing-claim.ts): a page still open, in the background
 * before its own swap, replays its typing itself, and replayed by two it would be there twice.
 *
 * The page's inline script takes the lock before any of our modules run (`holdPageScript`), and
 * the app's code for bodies it renders; both note it under the page's id in HELD_GLOBAL, so it
 * is taken once and let go of once. Without the Web Locks API (a page served over plain HTTP
 * away from localhost), nothing is held and every other page's entry replays, as before.
 */

/** The lock a page holds while its typing may be kept and not yet replayed. */
export function pageLockName(pageId: string): string {
  return `quire:early-page:${pageId}`;
}

/** Where a page notes, by id, how its lock stands: requested, held (the function letting it go), or let go. */
export const HELD_GLOBAL = "__quireEarlyPages";

type Held = Record<string, "requested" | "released" | (() => void)>;

function held(): Held {
  const global = window as unknown as Record<string, Held | undefined>;
  return (global[HELD_GLOBAL] ??= {});
}

/**
 * Takes the page's lock unless it is held or asked for already (by its inline script). Taken again
 * after `releasePage` (the editor mounted again under the same id: back and forward reuse the
 * server's body key), the new request waits behind any earlier one and holds only if the page has
 * not let go meanwhile.
 */
export function holdPage(pageId: string): void {
  if (typeof navigator === "undefined" || !navigator.locks) return;
  const pages = held();
  const state = pages[pageId];
  if (state === "requested" || typeof state === "function") return;
  pages[pageId] = "requested";
  void navigator.locks.request(pageLockName(pageId), () =>
    pages[pageId] === "released" ? undefined : new Promise<void>((resolve) => (pages[pageId] = resolve)),
  );
}

/** Lets go of the page's lock: its typing is in the document, or no longer the page's to replay. */
export function releasePage(pageId: string): void {
  if (typeof window === "undefined") return;
  const pages = held();
  const release = pages[pageId];
  pages[pageId] = "released";
  if (typeof release === "function") release();
}

/** The ids of pages holding their lock now (alive, before their swap); null without the Web Locks API. */
export async function livePageIds(): Promise<Set<string> | null> {
  if (!navigator.locks) return null;
  const prefix = pageLockName("");
  const { held: locks = [] } = await navigator.locks.query();
  return new Set(locks.flatMap((lock) => (lock.name?.startsWith(prefix) ? [lock.name.slice(prefix.length)] : [])));
}

/** `holdPage` as plain JavaScript for the page's inline script, where `I` is the page's id. Kept in step with it. */
export function holdPageScript(): string {
  return (
    `var N=navigator.locks,G=window.${HELD_GLOBAL}=window.${HELD_GLOBAL}||{};` +
    `if(N&&G[I]===void 0){G[I]="requested";N.request(${JSON.stringify(pageLockName(""))}+I,function(){` +
    `return G[I]==="released"?void 0:new Promise(function(r){G[I]=r})})}`
  );
}
