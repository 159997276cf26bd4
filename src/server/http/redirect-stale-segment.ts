import { redirect } from "next/navigation";
import { documentSegment } from "@/shared/document-slug";
import { isClientSideRender } from "./is-client-side-render";

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
