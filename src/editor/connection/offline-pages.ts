/**
 * The browser side of offline work: the service worker (public/sw.js) that serves pages and
 * build assets without a network, and the device copies of documents (y-indexeddb, see
 * editor/connection/connect-document.ts). Production only: in development the worker would serve
 * stale hot-reloaded code.
 */

import { UNOWNED_TITLE_DRAFT_PREFIX } from "@/lib/title-draft";

const PAGE_CACHES = ["quire-pages-v1"];
/** Every device copy's IndexedDB name starts with this (editor/connection/connect-document.ts). */
export const DEVICE_COPY_PREFIX = "quire:";

function isEnabled(): boolean {
  return process.env.NODE_ENV === "production" && typeof navigator !== "undefined" && "serviceWorker" in navigator;
}

/** Registers the service worker once per page load. */
export function registerOfflineWorker(): void {
  if (!isEnabled()) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
    console.warn("Offline pages are unavailable:", error instanceof Error ? error.message : error);
  });
}

/**
 * Asks the worker to keep this page and every build asset it loaded, so it opens offline
 * next time (the first visit loaded them before the worker was in control).
 */
export async function keepPageForOffline(): Promise<void> {
  if (!isEnabled()) return;
  const registration = await navigator.serviceWorker.ready;
  const assets = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${window.location.origin}/_next/static/`));
  registration.active?.postMessage({ type: "keep-for-offline", urls: [window.location.href, ...assets] });
}

/**
 * Forgets every page and document copy kept on this device (sign-out), except the device copies
 * `keep` names (`quire:<user>:<doc>`), with what localStorage holds for them.
 */
export async function clearOfflineData(keep: (deviceCopy: string) => boolean = () => false): Promise<void> {
  const work: Array<Promise<unknown>> = [];
  if (typeof caches !== "undefined") work.push(...PAGE_CACHES.map((name) => caches.delete(name)));
  // What pages kept in localStorage: a device copy's last changes at unload, typing before the
  // editor was live, the mark of unsent changes (editor/connection/unsent-changes.ts), comment
  // replies and edits being written (components/comments/comment-drafts.ts), unsaved titles
  // (lib/title-draft.ts), and title drafts of before they were per person.
  try {
    for (const key of Object.keys(localStorage)) {
      const entry = /^(.+):(unload|early|unsent|comments|title)$/.exec(key);
      if (entry?.[1]?.startsWith(DEVICE_COPY_PREFIX) && !keep(entry[1])) localStorage.removeItem(key);
      else if (key.startsWith(UNOWNED_TITLE_DRAFT_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Blocked storage holds nothing.
  }
  if (typeof indexedDB !== "undefined" && "databases" in indexedDB) {
    const databases = await indexedDB.databases().catch(() => []);
    for (const { name } of databases) {
      if (name?.startsWith(DEVICE_COPY_PREFIX) && !keep(name)) work.push(deleteDatabase(name));
    }
  }
  await Promise.allSettled(work);
}

/** Deletes an IndexedDB database; blocked (open in another tab) or failed counts as done. */
export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
