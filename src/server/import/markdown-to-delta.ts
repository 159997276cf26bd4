import { marked } from "marked";
import { getQuillHost } from "../documents/quill-host";
import type { BodyDelta } from "../documents/sanitize-delta";

/**
 * A Quill delta from Markdown (CommonMark with GitHub's extensions): `marked` makes HTML,
 * which Quill's own clipboard converts as if it were pasted into the editor. The result is
 * not yet safe: callers store it through stateFromDelta, which sanitises by the editor's rules.
 */
export async function markdownToDelta(markdown: string): Promise<BodyDelta> {
  const html = await marked.parse(markdown, { gfm: true, async: true });
  const host = await getQuillHost();
  return host.convertHtml(html);
}
