import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { documentSegment } from "@/shared/document-slug";

/**
 * Whether this render was asked for by the app already open in a browser (a client-side
 * navigation, `router.refresh()`, or the re-render Next adds to a server action's answer after
 * a revalidation) rather than by a page load. Pages skip their stale-slug redirect then: the
 * address bar keeps the slug the page was opened with after a rename, and a redirect inside a
 * refresh would navigate away under an open dialog and rebuild the editor. Page loads (links
 * from outside, reloads) still redirect to the canonical address.
 *
 * Next hides its own router headers (RSC, Next-Router-State-Tree) from pages and the proxy, and
 * the service worker's forwarded navigations lose the Fetch Metadata destination, so the Accept
 * header tells: a page load asks for text/html, the router's fetches and actions do not.
 */
async function isClientSideRender(): Promise<boolean> {
  const accept = (await headers()).get("accept") ?? "";
  return !accept.includes("text/html");
}

/**
 * The document's canonical `[doc]` segment (`title-slug-id`). On a page load with an older
 * segment (a renamed document), redirects to `hrefFor(canonical)` instead; inside the app's own
 * renders the page is served under the segment it was opened with (see isClientSideRender).
 * Every page under `[doc]` resolves its segment through here.
 */
export async function redirectStaleSegment(segment: string, doc: { id: string; title: string }, hrefFor: (canonical: string) => string): Promise<string> {
  const canonical = documentSegment(doc);
  if (segment !== canonical && !(await isClientSideRender())) redirect(hrefFor(canonical));
  return canonical;
}
