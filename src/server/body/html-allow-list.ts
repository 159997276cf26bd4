import { sanitizeImageUrl, sanitizeLinkUrl } from "@/shared/safe-urls";
import { TABLE_ROW_ID } from "@/shared/table-rules";

/**
 * The last check on rendered HTML, after Quill has already rendered a sanitised delta: every
 * element and attribute must be one Quill's formats or KaTeX produce, every link and image
 * address must pass the editor rules (docs/product.md "Editor rules"), and styles may hold no url(), expression() or escapes.
 * Anything else is removed. No sanitiser library is installed, so this walks jsdom's tree.
 */

const HTML_TAGS = [
  "p", "h1", "h2", "h3", "h4", "h5", "h6", "ol", "ul", "li", "br", "strong", "em", "u", "s", "a", "img",
  "sub", "sup", "code", "pre", "blockquote", "span", "div",
  // Quill's table blots (quill/formats/table.js): a cell is a <td>, never a <th>.
  "table", "tbody", "tr", "td",
];
// KaTeX's MathML and SVG output. Not annotation-xml (it can switch back to HTML parsing),
// not mglyph, foreignObject, use, animate or set (they load or rewrite addresses).
const MATHML_TAGS = [
  "math", "semantics", "annotation", "mrow", "mi", "mo", "mn", "ms", "mtext", "mspace", "msup", "msub",
  "msubsup", "mfrac", "msqrt", "mroot", "mstyle", "mpadded", "mphantom", "munder", "mover", "munderover",
  "mtable", "mtr", "mtd", "mlabeledtr", "menclose", "merror",
];
const SVG_TAGS = ["svg", "path", "line", "g", "rect"];
// By namespace, so an <a> or <style> inside <svg> is judged as SVG (and refused), not as HTML.
const ALLOWED_TAGS: Readonly<Record<string, ReadonlySet<string>>> = {
  "http://www.w3.org/1999/xhtml": new Set(HTML_TAGS),
  "http://www.w3.org/1998/Math/MathML": new Set(MATHML_TAGS),
  "http://www.w3.org/2000/svg": new Set(SVG_TAGS),
};

const GLOBAL_ATTRIBUTES = ["class", "style"];
const TAG_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "rel", "target"],
  img: ["src", "alt", "width", "height"],
  li: ["data-list"],
  td: ["data-row", "data-table-header"],
  div: ["data-language", "spellcheck"],
  // KaTeX puts parse errors in title; a mention (shared/mention-format.ts) carries its user id and stored name.
  span: ["data-value", "contenteditable", "aria-hidden", "title", "data-user-id", "data-name"],
  svg: ["xmlns", "width", "height", "viewbox", "preserveaspectratio"],
  path: ["d"],
  line: ["x1", "y1", "x2", "y2", "stroke-width"],
  rect: ["x", "y", "width", "height"],
};
const MATHML_ATTRIBUTES = [
  "xmlns", "display", "encoding", "mathvariant", "mathcolor", "mathbackground", "stretchy", "fence",
  "separator", "lspace", "rspace", "minsize", "maxsize", "width", "height", "depth", "voffset", "accent",
  "accentunder", "columnalign", "rowalign", "rowspacing", "columnspacing", "rowlines", "columnlines",
  "frame", "framespacing", "notation", "scriptlevel", "displaystyle", "linethickness", "movablelimits",
  "symmetric", "largeop", "form", "columnspan", "rowspan",
];
const MATHML_TAG_SET = new Set(MATHML_TAGS);

// Anything in a style that could fetch, run script or hide either behind CSS escapes.
const UNSAFE_STYLE = /url\s*\(|expression\s*\(|image-set|javascript:|vbscript:|@import|behavior\s*:|binding\s*:|\\|[<>"']/i;

/** Removes from `root`'s subtree every element and attribute the allow-list lacks; returns how many. */
export function enforceHtmlAllowList(root: ParentNode): number {
  let removed = 0;
  const stack: Node[] = Array.from(root.childNodes);
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    if (node.nodeType === 3) continue; // text is escaped when serialised
    if (node.nodeType !== 1) {
      node.parentNode?.removeChild(node); // comments and anything else
      removed += 1;
      continue;
    }
    const element = node as Element;
    const tag = element.localName.toLowerCase();
    if (!ALLOWED_TAGS[element.namespaceURI ?? ""]?.has(tag)) {
      element.remove(); // with its subtree: nothing of a <script> or <iframe> is worth keeping
      removed += 1;
      continue;
    }
    removed += checkAttributes(element, tag);
    stack.push(...Array.from(element.childNodes));
  }
  return removed;
}

function checkAttributes(element: Element, tag: string): number {
  let removed = 0;
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    const safe = safeAttributeValue(tag, name, attribute.value);
    if (safe === attribute.value) continue;
    if (safe === null) element.removeAttribute(attribute.name);
    else element.setAttribute(attribute.name, safe);
    removed += 1;
  }
  return removed;
}

/** The value the attribute may keep (possibly rewritten), or null to remove it. */
function safeAttributeValue(tag: string, name: string, value: string): string | null {
  if (name.startsWith("on") || name.includes(":")) return null; // handlers; xlink:href and kin
  const allowed =
    GLOBAL_ATTRIBUTES.includes(name) ||
    (TAG_ATTRIBUTES[tag]?.includes(name) ?? false) ||
    (MATHML_TAG_SET.has(tag) && MATHML_ATTRIBUTES.includes(name));
  if (!allowed) return null;
  if (name === "style") return UNSAFE_STYLE.test(value) ? null : value;
  if (tag === "a" && name === "href") return sanitizeLinkUrl(value); // about:blank stays about:blank
  if (tag === "img" && name === "src") return sanitizeImageUrl(value);
  if (tag === "td" && name === "data-row") return TABLE_ROW_ID.test(value) || /^\d{1,7}$/.test(value) ? value : null;
  if (tag === "td" && name === "data-table-header") return value === "true" ? value : null;
  if (tag === "span" && name === "data-user-id") return /^[\w-]{1,100}$/.test(value) ? value : null;
  return value;
}
