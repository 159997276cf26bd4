import { headers } from "next/headers";

/**
 * Whether this render was asked for by the app already open in a browser (a client-side
 * navigation, `router.refresh()`, or the re-render Next adds to a server action's answer after
 * a revalidation) rather than by a page load. Pages skip their stale-slug redirect then: the
 * address bar keeps the slug the page was opened with after a rename, and a redirect inside a
 * refresh would navigate away under an open dialog and rebuild the editor. Page loads (links
 * from outside, reloads) still redirect to the canonical address. The document page also
 * decides by it whether its body goes into server HTML or only into the RSC payload.
 *
 * Next hides its own router headers (RSC, Next-Router-State-Tree) from pages and the proxy, and
 * the service worker's forwarded navigations lose the Fetch Metadata destination, so the Accept
 * header tells: a page load asks for text/html, the router's fetches and actions do not.
 */
export async function isClientSideRender(): Promise<boolean> {
  const accept = (await headers()).get("accept") ?? "";
  return !accept.includes("text/html");
}
