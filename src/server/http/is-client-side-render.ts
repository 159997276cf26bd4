import { headers } from "next/headers";

/**
 * Whether this render was asked for by the app already open in a browser (a client-side
 * navigation, `router.refresh()`, or the re-render Next adds to a server action's answer after
 * a revalidation) rather than by a full page load. Pages skip their stale-slug redirect then:
 * the address bar keeps the slug the page was opened with after a rename, and a redirect inside
 * a refresh would navigate away under an open dialog and rebuild the editor. Full loads (links
 * from outside, reloads) still redirect to the canonical address.
 */
export async function isClientSideRender(): Promise<boolean> {
  const requestHeaders = await headers();
  return requestHeaders.has("next-action") || requestHeaders.get("rsc") === "1";
}
