"use client";

import { useSyncExternalStore } from "react";

/**
 * When this server is set up for one address (PUBLIC_URL) and the page was opened at another
 * (the other loopback name, a raw IP), live editing is refused (the socket accepts pages of
 * the public address only) and links point elsewhere: say so, and link the same page at the
 * right address. Renders nothing on the server and at the right address.
 */
export function WrongAddressNotice({ publicOrigin }: { publicOrigin: string | null }) {
  const here = useSyncExternalStore(subscribeNever, () => window.location.origin, () => null);
  if (!publicOrigin || here === null || here === publicOrigin) return null;
  const samePage = `${publicOrigin}${window.location.pathname}${window.location.search}`;
  return (
    <div role="alert" className="border-b border-amber-400 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      This Quire is set up for <strong>{publicOrigin}</strong>, and you opened it at {here}: live editing only works at the address it
      is set up for.{" "}
      <a href={samePage} className="font-medium underline">
        Open this page at {publicOrigin}
      </a>
    </div>
  );
}

// The page's address does not change origin while it is open.
function subscribeNever(): () => void {
  return () => {};
}
