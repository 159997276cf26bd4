import { getQuillHost } from "@/server/body/quill-host";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { prepareHtml } from "./prepare-html";

/**
 * The delta the editor makes of `html` when it is pasted into an empty document: Quill's own
 * clipboard matchers under jsdom (quill-host.ts), after prepareHtml's rewrites. Not sanitised
 * here: createDocument sanitises every body by the editor's rules.
 */
export async function htmlToDelta(html: string): Promise<BodyDelta> {
  const host = await getQuillHost();
  // A template's content is inert: parsing it runs no script and loads no image.
  const template = host.document.createElement("template");
  template.innerHTML = html;
  prepareHtml(template);
  return host.convert(template.innerHTML);
}
