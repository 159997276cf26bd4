"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/** What a page holding unsaved work asks before a link of the app takes the person away. */
export interface LeaveGuard {
  /** The address a followed link would open, while the page asks; null otherwise. */
  leavingTo: string | null;
  /** Goes where the link pointed, without asking again. */
  leave: () => void;
  /** Stays on the page, work untouched. */
  stay: () => void;
}

/**
 * While `shouldAsk` (work on the page that only a button saves), leaving asks first
 * (docs/product.md "States"): closing, reloading or typing another address through the browser's
 * own question (`beforeunload`), and following a link of the app through `leavingTo`, which the
 * page shows as a ConfirmDialog answered with `leave` or `stay`. The app navigates on the client,
 * where no `beforeunload` fires, so links are caught on the document as they are clicked (before
 * Next's `Link` sees the click): every link of the page, the sidebar's and the settings tabs'
 * included. A link that opens elsewhere (a new tab, a download, this page's own anchors) is left
 * alone, and so is one inside editable text, which a click doesn't follow.
 */
export function useLeaveGuard(shouldAsk: boolean): LeaveGuard {
  const router = useRouter();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const hasAgreed = useRef(false);
  /** The link the person followed: clicked again once they agree, so its own handlers run too. */
  const followedLink = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    if (!shouldAsk) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!hasAgreed.current) event.preventDefault();
    };
    const catchLink = (event: MouseEvent) => {
      const followed = hasAgreed.current ? null : appLinkFollowed(event);
      if (followed === null) return;
      event.preventDefault();
      event.stopPropagation();
      followedLink.current = followed.link;
      setLeavingTo(followed.href);
    };
    window.addEventListener("beforeunload", ask);
    // Capturing on the document: before React's listeners on its root, so Link never navigates.
    document.addEventListener("click", catchLink, true);
    return () => {
      window.removeEventListener("beforeunload", ask);
      document.removeEventListener("click", catchLink, true);
    };
  }, [shouldAsk]);

  return {
    leavingTo,
    stay: () => setLeavingTo(null),
    leave: () => {
      if (leavingTo === null) return;
      hasAgreed.current = true;
      setLeavingTo(null);
      // The link itself when it is still there: what else its click does (the phone's sidebar
      // closes) happens as it would have; otherwise the address it pointed at.
      const link = followedLink.current;
      if (link?.isConnected) link.click();
      else router.push(leavingTo);
    },
  };
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
