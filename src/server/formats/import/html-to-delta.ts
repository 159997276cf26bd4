import { normalizeDeltaFast } from "@/server/body/fast-render/normalize-delta";
import { getQuillHost } from "@/server/body/quill-host";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { MAX_SLOW_HTML_ELEMENTS, tooManySlowHtmlElements } from "./conversion-limits";
import { convertMarkupFast } from "./fast-convert/clipboard-delta";
import { prepareHtml } from "./prepare-html";

/**
 * The delta the editor makes of `html` when it is pasted into an empty document: Quill's own
 * clipboard matchers after prepareHtml's rewrites, then the editor's normalisation. Done without
 * a DOM when every step can be reproduced exactly (fast-convert/, normalize-delta.ts), else
 * under jsdom (htmlToDeltaReference). Not sanitised here: createDocument sanitises every body by
 * the editor's rules.
 * @throws UnreadableFileError for markup past the conversion's limits (docs/product.md "Limits")
 */
export async function htmlToDelta(html: string): Promise<BodyDelta> {
  const { delta: pasted, elements } = convertMarkupFast(html);
  if (pasted) {
    const normalized = normalizeDeltaFast(pasted);
    if (normalized) return normalized;
    return (await getQuillHost()).normalize(pasted);
  }
  // jsdom's cost grows with the square of a parent's children (conversion-limits.ts).
  if (elements > MAX_SLOW_HTML_ELEMENTS) throw tooManySlowHtmlElements(elements);
  return htmlToDeltaReference(html);
}

/**
 * The same through Quill's clipboard under jsdom (quill-host.ts): the path for what the fast
 * one does not reproduce, and the reference the differential tests compare it with.
 */
export async function htmlToDeltaReference(html: string): Promise<BodyDelta> {
  const host = await getQuillHost();
  // A template's content is inert: parsing it runs no script and loads no image.
  const template = host.document.createElement("template");
  template.innerHTML = html;
  prepareHtml(template);
  return host.convert(template.innerHTML);
}
