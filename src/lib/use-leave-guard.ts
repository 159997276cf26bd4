"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/** What a page holding unsaved work asks before the person leaves it. */
export interface LeaveGuard {
  /** True while the page asks (it shows a ConfirmDialog answered with `leave` or `stay`). */
  isAsking: boolean;
  /** Goes where the person was going (the link, Back or Forward, the palette's choice), without asking again. */
  leave: () => void;
  /** Stays on the page, work and address untouched. */
  stay: () => void;
}

/** One question: what leaving does, and what staying does beside closing the question. */
interface Question {
  leave: () => void;
  stay?: () => void;
}

/** The guarding page's way to ask, while one holds unsaved work (one page at a time). */
let askActiveGuard: ((question: Question) => void) | null = null;

/**
 * For a way out of the page that is no link (the Ctrl/⌘ K palette, "New document", "New from
 * template", signing out): resolves true at once when no page holds unsaved work, else asks
 * that page's question (useLeaveGuard) and resolves with the answer. Call it before doing
 * anything the person would otherwise have to undo (creating the document).
 */
export function confirmLeaving(): Promise<boolean> {
  const ask = askActiveGuard;
  if (!ask) return Promise.resolve(true);
  return new Promise((resolve) => ask({ leave: () => resolve(true), stay: () => resolve(false) }));
}

/**
 * While `shouldAsk` (work on the page that only a button saves), leaving asks first
 * (docs/product.md "Templates"). Closing, reloading or typing another address: the browser's own
 * question (`beforeunload`). Everything else the page shows as a ConfirmDialog (`isAsking`),
 * answered with `leave` or `stay`:
 * - Following a link of the app. The app navigates on the client, where no `beforeunload` fires,
 *   so links are caught on the document as they are clicked (before Next's `Link` sees the click):
 *   every link of the page, the sidebar's and the settings tabs' included. A link that opens
 *   elsewhere (a new tab, a download, this page's own anchors) is left alone, and so is one inside
 *   editable text, which a click doesn't follow.
 * - Back and Forward to another page of the app (one of another document unloads this one, and
 *   `beforeunload` asks): the traversal is cancelled before the address changes, or, when the
 *   browser won't let it be, undone before Next's router shows the other page (trapTraversals).
 *   Leaving then goes to the entry the person chose; history, forward entries included, stays.
 * - Ways out that are no link, which call `confirmLeaving` first.
 */
export function useLeaveGuard(shouldAsk: boolean): LeaveGuard {
  const router = useRouter();
  const [isAsking, setIsAsking] = useState(false);
  const hasAgreed = useRef(false);
  const question = useRef<Question | null>(null);

  useEffect(() => {
    if (!shouldAsk) return;
    const ask = (next: Question) => {
      // A second way out while asking (Back pressed with the question open): the newer one is asked.
      question.current?.stay?.();
      question.current = next;
      setIsAsking(true);
    };
    const askBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasAgreed.current) event.preventDefault();
    };
    const catchLink = (event: MouseEvent) => {
      const followed = hasAgreed.current ? null : appLinkFollowed(event);
      if (followed === null) return;
      event.preventDefault();
      event.stopPropagation();
      ask({
        leave: () => {
          hasAgreed.current = true;
          // The link itself when it is still there: what else its click does (the phone's sidebar
          // closes) happens as it would have; otherwise the address it pointed at.
          if (followed.link.isConnected) followed.link.click();
          else router.push(followed.href);
        },
      });
    };
    const stopTraversal = trapTraversals(() => hasAgreed.current, (leave) =>
      ask({
        leave: () => {
          hasAgreed.current = true;
          leave();
        },
      }),
    );
    askActiveGuard = ask;
    window.addEventListener("beforeunload", askBeforeUnload);
    // Capturing on the document: before React's listeners on its root, so Link never navigates.
    document.addEventListener("click", catchLink, true);
    return () => {
      if (askActiveGuard === ask) askActiveGuard = null;
      stopTraversal();
      window.removeEventListener("beforeunload", askBeforeUnload);
      document.removeEventListener("click", catchLink, true);
      // Nothing left to guard (saved meanwhile, or the page went): a pending question ends unanswered.
      question.current?.stay?.();
      question.current = null;
      setIsAsking(false);
    };
  }, [shouldAsk, router]);

  return {
    isAsking,
    stay: () => {
      const asked = question.current;
      question.current = null;
      setIsAsking(false);
      asked?.stay?.();
    },
    leave: () => {
      const asked = question.current;
      question.current = null;
      setIsAsking(false);
      asked?.leave();
    },
  };
}

/** The guarding page's `popstate` answer (trapTraversals), while one holds unsaved work. */
let popStateTrap: ((event: PopStateEvent) => void) | null = null;

// Registered as this module loads (with the app shell, before Next's router adds its own listener
// as it hydrates): listeners on window run in the order they were added, capture or not, and only
// one that runs before the router's can keep it from showing the other page.
if (typeof window !== "undefined") window.addEventListener("popstate", (event) => popStateTrap?.(event), true);

/**
 * Catches Back and Forward between this page's history entry and another of the app's, and calls
 * `onTraversal` with the way to go on (Navigation API: entries' keys, which `history.state` can't
 * carry, since Next replaces it on every render of its router). The browser's `navigate` event
 * comes first and is cancelled when it can be, so the address never changes. It can't be when the
 * page had no user activation since the last one was cancelled (Back pressed twice in a row): the
 * browser moves, and `popstate` is kept from Next's router while the browser is sent back to this
 * page's entry. Without the Navigation API Back and Forward are not caught. Returns the cleanup.
 */
function trapTraversals(hasAgreed: () => boolean, onTraversal: (leave: () => void) => void): () => void {
  // Absent before Firefox 147 and Safari 26.2, though the DOM types declare it always there.
  const found: Navigation | undefined = "navigation" in window ? window.navigation : undefined;
  const home = found?.currentEntry;
  if (!found || !home) return () => {};
  const navigation = found;
  const isThisPage = (url: string | null) => withoutHash(url) === withoutHash(home.url);
  const onNavigate = (event: NavigateEvent) => {
    // Another document's entry unloads this one: `beforeunload` asks (and those can't be cancelled here).
    if (hasAgreed() || event.navigationType !== "traverse" || !event.cancelable || isThisPage(event.destination.url)) return;
    event.preventDefault();
    const destination = event.destination.key;
    onTraversal(() => void navigation.traverseTo(destination));
  };
  const onPopState = (event: PopStateEvent) => {
    const current = navigation.currentEntry;
    if (hasAgreed() || !current) return;
    // Back on this page's entry (sent back, below): Next's router never left it.
    if (current.key === home.key) return event.stopImmediatePropagation();
    // Another entry of this same page (an in-page anchor's): not leaving.
    if (isThisPage(current.url)) return;
    event.stopImmediatePropagation();
    const destination = current.key;
    void (navigation.traverseTo(home.key).finished ?? Promise.resolve()).then(
      () => onTraversal(() => void navigation.traverseTo(destination)),
      // Interrupted (another Back meanwhile): the popstate of wherever the browser went asks again.
      () => {},
    );
  };
  navigation.addEventListener("navigate", onNavigate);
  popStateTrap = onPopState;
  return () => {
    navigation.removeEventListener("navigate", onNavigate);
    if (popStateTrap === onPopState) popStateTrap = null;
  };
}

function withoutHash(url: string | null): string | null {
  return url === null ? null : url.split("#")[0]!;
}

/** The link and the address within the app a plain click on it would open in this tab, else null. */
function appLinkFollowed(event: MouseEvent): { link: HTMLAnchorElement; href: string } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.isContentEditable || link.hasAttribute("download")) return null;
  if (link.target !== "" && link.target !== "_self") return null;
  const url = new URL(link.href);
  // Another site: leaving the document, so the browser's own question (beforeunload) asks.
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return { link, href: `${url.pathname}${url.search}${url.hash}` };
}
