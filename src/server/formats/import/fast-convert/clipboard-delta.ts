import { clipboardWalk } from "./clipboard-walk";
import { jsdomLikeAdapter, parseDocument, parseTemplateContent, serializeChildren } from "./html-tree";
import { checkMarkup, countingAdapter } from "./markup-budget";
import { prepareTree } from "./prepare-tree";

/**
 * What the Quill host's clipboardDelta(prepared markup) gives for `html` (html-to-delta.ts's
 * path up to the clipboard's delta), without jsdom: parse5 parses the markup as the host's
 * template would, prepareTree rewrites it as prepareHtml does, and it is serialised and parsed
 * again as the host's clipboard does (the round trip is not an identity: a parser drops a
 * newline after `<pre>`, moves misnested markup; parse5 costs ~30 ms for 150 KB both ways, so it
 * is kept rather than reasoned away). Then the clipboard's walk (clipboard-walk.ts). Null when
 * a step meets what it does not reproduce; the caller then takes the jsdom path.
 */
export function clipboardDeltaFast(html: string): { ops: unknown[] } | null {
  return convertMarkupFast(html).delta;
}

/**
 * clipboardDeltaFast's delta (null: take the jsdom path), and how many elements the markup has,
 * after refusing markup past the conversion's limits (markup-budget.ts) as it is parsed.
 * @throws UnreadableFileError past docs/product.md "Limits"
 */
export function convertMarkupFast(html: string): { delta: { ops: unknown[] } | null; elements: number } {
  const fragment = parseTemplateContent(html, countingAdapter(jsdomLikeAdapter));
  const elements = checkMarkup(fragment);
  if (!prepareTree(fragment)) return { delta: null, elements };
  const parsed = parseDocument(serializeChildren(fragment));
  if (!parsed) return { delta: null, elements };
  const delta = clipboardWalk(parsed.root, parsed.body);
  // A plain copy, as the host's: ops share attribute objects while the walk builds them.
  return { delta: delta ? (JSON.parse(JSON.stringify({ ops: delta.ops })) as { ops: unknown[] }) : null, elements };
}
