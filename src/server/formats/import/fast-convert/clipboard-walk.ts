import Delta from "quill-delta";
import type { Op } from "quill-delta";
import { isInCodeSpan } from "@/server/body/code-span";
import { isInPreWhitespace, preWhitespaceText } from "@/server/body/pre-whitespace";
import { tablePasteMatchers } from "@/shared/table-paste";
import type { TreeElement, TreeNode } from "./html-tree";
import { getAttribute, isElement, isHtml, isText } from "./html-tree";

/**
 * Quill's clipboard walk (quill/modules/clipboard.js `traverse` and its matchers, with the
 * editor's registry and the Quill host's own matchers, quill-host.ts) over parse5's tree, so an
 * import needs no jsdom. Each matcher below is the clipboard's, in the clipboard's order, on the
 * same quill-delta operations, so the ops (their merging and attribute key order included) are
 * the same. What the registry would read in ways not reproduced here (class names other than a
 * formula's and the font and size ones, inline styles but white-space, colours and backgrounds,
 * attributes Quill's attributors read, a Google Docs or Word paste,
 * mentions) makes it return null, and the caller takes the jsdom path.
 * clipboard-delta.test.ts compares it with the Quill host and checks the registry tables below.
 */
export function clipboardWalk(root: TreeElement, body: TreeElement): Delta | null {
  // Quill's normalizeExternalHTML: Word's lists, and Google Docs' bold and empty lines.
  if (getAttribute(root, "xmlns:w") !== null) return null;
  const tree = WalkNode.build(body, null);
  if (!tree) return null;
  const delta = traverse(tree);
  // Clipboard.convert: a last "\n" without attributes is the end of the document, not a line.
  if (deltaEndsWith(delta, "\n") && delta.ops.at(-1)?.attributes == null) {
    return delta.compose(new Delta().retain(delta.length() - 1).delete(1));
  }
  return delta;
}

/** The blots the editor's registry maps tags to (Quill's `scroll.registry.tags`), by kind. */
export const REGISTRY_TAGS: Record<string, string> = {
  P: "block", BR: "break", SPAN: "inline", DIV: "scroll", H1: "header", H2: "header", H3: "header", H4: "header", H5: "header", H6: "header",
  STRONG: "bold", B: "bold", EM: "italic", I: "italic", U: "underline", S: "strike", STRIKE: "strike", SUB: "script", SUP: "script",
  LI: "list", OL: "list-container", BLOCKQUOTE: "blockquote", CODE: "code", A: "link", IMG: "image",
  TD: "table", TR: "table-row", TBODY: "table-body", TABLE: "table-container",
};
/** The class names the editor's registry maps to blots (`scroll.registry.classes`). */
export const REGISTRY_CLASSES = new Set(["ql-cursor", "ql-editor", "ql-code-block", "ql-code-block-container", "ql-formula", "mention", "ql-token"]);
/**
 * Attribute names Quill's matchAttributor would act on (the registry's attributors by name and
 * key, the clipboard's own align, dir and style attributors): none is reproduced.
 */
export const ATTRIBUTOR_NAMES = new Set([
  "font", "size", "color", "background", "indent", "align", "table-header",
  "ql-font", "ql-size", "background-color", "ql-indent", "ql-align", "data-table-header",
  "dir", "text-align", "direction", "font-family", "font-size",
]);
// isLine's list (clipboard.js).
const LINE_TAGS = new Set(["address", "article", "blockquote", "canvas", "dd", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "iframe", "li", "main", "nav", "ol", "output", "p", "pre", "section", "table", "td", "tr", "ul", "video"]);
const BLOCK_BLOTS = new Set(["block", "header", "list", "blockquote", "table"]);
const EMBED_BLOTS = new Set(["break", "image", "formula"]);

// The shared table matchers in the order the host registers them (text, "th", "tr"); a change
// there shows in clipboard-delta.test.ts.
const [tableWhitespace, endHeaderCell, rowIds] = tablePasteMatchers().map(([, matcher]) => matcher) as [TableMatcher, TableMatcher, TableMatcher];
type TableMatcher = (node: Node, delta: { ops: Op[] }) => { ops: Op[] };

/**
 * A node of the walked tree with what the matchers read: the DOM's names where the shared
 * matchers (table-paste.ts, code-span.ts) read it as a Node.
 */
class WalkNode {
  readonly nodeType: 1 | 3 | 8;
  /** The element's tagName as the DOM gives it (upper case), "" for others. */
  readonly tagName: string;
  readonly localName: string;
  readonly data: string;
  readonly childNodes: WalkNode[] = [];
  /** The blot the registry maps the element to (scroll.query(node)), if any. */
  readonly blot: string | undefined;
  previousSibling: WalkNode | null = null;
  nextSibling: WalkNode | null = null;
  readonly inPre: boolean;

  private constructor(readonly source: TreeNode, readonly parentNode: WalkNode | null) {
    const element = isElement(source) ? source : null;
    this.nodeType = element ? 1 : isText(source) ? 3 : 8;
    this.localName = element?.tagName ?? "";
    this.tagName = element ? asciiUpperCase(element.tagName) : "";
    this.data = isText(source) ? source.value : "";
    this.blot = element ? (classBlot(element) ?? REGISTRY_TAGS[this.tagName]) : undefined;
    this.inPre = this.tagName === "PRE" || (parentNode?.inPre ?? false);
  }

  /** The walked tree of `node`, or null when it holds something not reproduced here. */
  static build(node: TreeNode, parent: WalkNode | null): WalkNode | null {
    if (isElement(node) && !supported(node)) return null;
    const walked = new WalkNode(node, parent);
    if (isElement(node)) {
      let previous: WalkNode | null = null;
      for (const child of node.childNodes) {
        if (!isElement(child) && !isText(child) && child.nodeName !== "#comment") return null;
        const built = WalkNode.build(child, walked);
        if (!built) return null;
        built.previousSibling = previous;
        if (previous) previous.nextSibling = built;
        walked.childNodes.push(built);
        previous = built;
      }
    }
    return walked;
  }

  get parentElement(): WalkNode | null {
    return this.parentNode;
  }

  get firstChild(): WalkNode | null {
    return this.childNodes[0] ?? null;
  }

  get children(): WalkNode[] {
    return this.childNodes.filter((child) => child.nodeType === 1);
  }

  get textContent(): string {
    if (this.nodeType !== 1) return this.data;
    return this.childNodes.map((child) => (child.nodeType === 8 ? "" : child.textContent)).join("");
  }

  get previousElementSibling(): WalkNode | null {
    let sibling = this.previousSibling;
    while (sibling && sibling.nodeType !== 1) sibling = sibling.previousSibling;
    return sibling;
  }

  get nextElementSibling(): WalkNode | null {
    let sibling = this.nextSibling;
    while (sibling && sibling.nodeType !== 1) sibling = sibling.nextSibling;
    return sibling;
  }

  getAttribute(name: string): string | null {
    return isElement(this.source) ? getAttribute(this.source, name) : null;
  }
}

function supported(element: TreeElement): boolean {
  if (!isHtml(element)) return false;
  for (const { name, value } of element.attrs) {
    if (ATTRIBUTOR_NAMES.has(name) || (name === "style" && !styleSupported(value))) return false;
    if (name === "class" && !classesSupported(value)) return false;
    // Google Docs' markup (normalizeExternalHTML).
    if (name === "id" && value.startsWith("docs-internal-guid-")) return false;
  }
  // Mentions are read by their class (span.mention), already refused above.
  return true;
}

// scroll.query(node) takes the first class name the registry knows (parchment's Registry.query,
// a plain object's lookup, so "constructor" too) before the tag; ClassAttributor.keys reads a
// class "ql-align-center" as the attributor "ql-align". A formula's class is reproduced, and the
// editor's font and size classes (matchAttributor below); no other attributor's.
function classesSupported(value: string): boolean {
  for (const name of value.split(/\s+/)) {
    if (name === "ql-formula") break;
    if (REGISTRY_CLASSES.has(name) || name in Object.prototype) return false;
  }
  return value.split(/\s+/).every((name) => INLINE_CLASS.test(name) || !ATTRIBUTOR_NAMES.has(name.split("-").slice(0, -1).join("-")));
}

// The editor's font and size classes, with values their whitelists hold (quill/formats/font.js, size.js).
const INLINE_CLASS = /^ql-(font)-(serif|monospace)$|^ql-(size)-(small|large|huge)$/;

/**
 * A style Quill's clipboard reads (matchStyles, the style attributors) is reproduced only for
 * declarations whose reading is known exactly: white-space, which it never reads
 * (pre-whitespace.ts: the import keeps tabs by it), and a colour or background as lower-case
 * #rrggbb or rgb() of 0–255, which ColorAttributor reads back as that #rrggbb (the editor's own
 * markup, and a Word import's: docx-run-formats.ts).
 */
function styleSupported(style: string): boolean {
  return style.split(";").every((declaration) => declaration.trim() === "" || COLOUR_DECLARATION.test(declaration) || WHITE_SPACE_DECLARATION.test(declaration));
}

const BYTE = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const COLOUR = `(?:#[0-9a-f]{6}|rgb\\(\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${BYTE}\\s*\\))`;
// Colour properties as Quill's registry names them (lower case: StyleAttributor.keys keeps the case).
const COLOUR_DECLARATION = new RegExp(`^\\s*(?:color|background-color)\\s*:\\s*${COLOUR}\\s*$`);
const WHITE_SPACE_DECLARATION = /^\s*white-space\s*:\s*[a-z-]+(?:\s*!\s*important)?\s*$/i;

function classBlot(element: TreeElement): string | undefined {
  const value = getAttribute(element, "class");
  if (value === null) return undefined;
  return value.split(/\s+/).includes("ql-formula") ? "formula" : undefined;
}

function asciiUpperCase(name: string): string {
  return name.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

function traverse(node: WalkNode): Delta {
  if (node.nodeType === 3) {
    let delta = new Delta();
    delta = matchText(node, delta);
    delta = matchNewline(node, delta);
    delta = codeSpanText(node, delta);
    delta = preWhitespace(node, delta);
    return tableWhitespace(node as unknown as Node, delta) as Delta;
  }
  const delta = new Delta();
  if (node.nodeType !== 1) return delta;
  for (const child of node.childNodes) {
    let childDelta = traverse(child);
    if (child.nodeType === 1) {
      childDelta = matchNewline(child, childDelta);
      childDelta = matchBlot(child, childDelta);
      childDelta = matchAttributor(child, childDelta);
      // matchStyles: nothing it would act on got past supported().
      childDelta = matchByTag(child, childDelta);
    }
    // delta.concat(childDelta) in place: concat copies the running delta for every child (n² in a
    // long document's body); nothing else holds it, so appending gives the same ops.
    const { ops } = childDelta;
    if (ops[0]) delta.push(ops[0]);
    for (let index = 1; index < ops.length; index += 1) delta.ops.push(ops[index] as Op);
  }
  return delta;
}

/**
 * The clipboard's matchAttributor for what supported() lets through: the font and size classes
 * (ClassAttributor.keys, in class order; the first class of a key gives its value), then the
 * colour and background declarations (StyleAttributor.keys, in declaration order; the element's
 * style gives the last one's value, which ColorAttributor turns from rgb() into #rrggbb).
 */
function matchAttributor(node: WalkNode, delta: Delta): Delta {
  const formats: Record<string, string> = {};
  for (const name of (node.getAttribute("class") ?? "").split(/\s+/)) {
    const match = INLINE_CLASS.exec(name);
    const format = match?.[1] ?? match?.[3];
    const value = match?.[2] ?? match?.[4];
    if (format && value && !(format in formats)) formats[format] = value;
  }
  const declarations = (node.getAttribute("style") ?? "").split(";").map((declaration) => declaration.split(":").map((part) => part.trim()));
  for (const [property] of declarations) {
    const format = property === "color" ? "color" : property === "background-color" ? "background" : undefined;
    if (!format) continue;
    const value = declarations.findLast(([name]) => name === property)?.[1] ?? "";
    formats[format] = hexOf(value);
  }
  return Object.entries(formats).reduce((formatted, [format, value]) => applyFormat(formatted, format, value), delta);
}

// ColorAttributor.value (quill/formats/color.js) of a colour styleSupported() passed.
function hexOf(value: string): string {
  if (!value.startsWith("rgb(")) return value;
  return `#${value
    .replace(/^[^\d]+/, "")
    .replace(/[^\d]+$/, "")
    .split(",")
    .map((component) => `00${Number.parseInt(component, 10).toString(16)}`.slice(-2))
    .join("")}`;
}

// The selector matchers, in the order the clipboard registered them.
function matchByTag(node: WalkNode, delta: Delta): Delta {
  switch (node.tagName) {
    case "BR": return matchBreak(delta);
    case "LI": return matchIndent(node, delta);
    case "OL":
    case "UL": return matchList(node, delta);
    case "PRE": return applyFormat(delta, "code-block", node.getAttribute("data-language") || "plain");
    case "TR": return rowIds(node as unknown as Node, matchTable(node, delta)) as Delta;
    case "B": return applyFormat(delta, "bold", true);
    case "I": return applyFormat(delta, "italic", true);
    case "STRIKE": return applyFormat(delta, "strike", true);
    case "STYLE": return new Delta();
    case "TH": return endHeaderCell(node as unknown as Node, delta) as Delta;
    default: return delta;
  }
}

// Every format passed here is in the editor's registry, so scroll.query(format) always answers.
function applyFormat(delta: Delta, format: string, value: unknown): Delta {
  return delta.reduce((newDelta, op) => {
    if (!op.insert) return newDelta;
    if (op.attributes?.[format]) return newDelta.push(op);
    const formats = value ? { [format]: value } : {};
    return newDelta.insert(op.insert, { ...formats, ...op.attributes });
  }, new Delta());
}

function deltaEndsWith(delta: Delta, text: string): boolean {
  let endText = "";
  for (let i = delta.ops.length - 1; i >= 0 && endText.length < text.length; i -= 1) {
    const insert = delta.ops[i]?.insert;
    if (typeof insert !== "string") break;
    endText = insert + endText;
  }
  return endText.slice(-1 * text.length) === text;
}

function isLine(node: WalkNode | null): boolean {
  if (!node || node.nodeType !== 1) return false;
  if (node.blot && EMBED_BLOTS.has(node.blot)) return false;
  return LINE_TAGS.has(node.tagName.toLowerCase());
}

function isBetweenInlineElements(node: WalkNode): boolean {
  const previous = node.previousElementSibling;
  const next = node.nextElementSibling;
  return Boolean(previous && next && !isLine(previous) && !isLine(next));
}

function matchText(node: WalkNode, delta: Delta): Delta {
  let text = node.data;
  if (node.parentElement?.tagName === "O:P") return delta.insert(text.trim());
  if (!node.inPre) {
    if (text.trim().length === 0 && text.includes("\n") && !isBetweenInlineElements(node)) return delta;
    text = text.replace(/[^\S\u00a0]/g, " ");
    text = text.replace(/ {2,}/g, " ");
    if ((node.previousSibling == null && node.parentElement != null && isLine(node.parentElement)) || (node.previousSibling?.nodeType === 1 && isLine(node.previousSibling))) {
      text = text.replace(/^ /, "");
    }
    if ((node.nextSibling == null && node.parentElement != null && isLine(node.parentElement)) || (node.nextSibling?.nodeType === 1 && isLine(node.nextSibling))) {
      text = text.replace(/ $/, "");
    }
    text = text.replaceAll("\u00a0", " ");
  }
  return delta.insert(text);
}

function matchNewline(node: WalkNode, delta: Delta): Delta {
  if (!deltaEndsWith(delta, "\n")) {
    if (isLine(node) && (node.childNodes.length > 0 || node.tagName === "P")) return delta.insert("\n");
    if (delta.length() > 0 && node.nextSibling) {
      // Quill also ends the line before a block embed; the editor has none (no video).
      for (let next: WalkNode | null = node.nextSibling; next != null; next = next.firstChild) {
        if (isLine(next)) return delta.insert("\n");
      }
    }
  }
  return delta;
}

function matchBlot(node: WalkNode, delta: Delta): Delta {
  switch (node.blot) {
    case undefined: return delta;
    case "image": {
      const src = node.getAttribute("src");
      if (src == null) return delta;
      const formats: Record<string, string> = {};
      for (const attribute of ["alt", "height", "width"]) {
        const value = node.getAttribute(attribute);
        if (value !== null) formats[attribute] = value;
      }
      return new Delta().insert({ image: src }, formats);
    }
    case "formula": {
      const value = node.getAttribute("data-value");
      return value == null ? delta : new Delta().insert({ formula: value });
    }
    // Break's value() is undefined; containers and the scroll have no formats.
    case "break":
    case "list-container":
    case "scroll":
    case "table-row":
    case "table-body":
    case "table-container": return delta;
    default: {
      if (BLOCK_BLOTS.has(node.blot) && !deltaEndsWith(delta, "\n")) delta.insert("\n");
      return applyFormat(delta, node.blot, blotFormats(node, node.blot));
    }
  }
}

// The blot's static formats(node): parchment's InlineBlot/BlockBlot ones (undefined for the plain
// <span> and <p>, true for a one-tag blot, the tag for a several-tag one) or the format's own.
function blotFormats(node: WalkNode, blot: string): unknown {
  switch (blot) {
    case "block":
    case "inline": return undefined;
    case "header": return Number(node.tagName.slice(1));
    case "list": return node.getAttribute("data-list") || undefined;
    case "table": return node.getAttribute("data-row") ?? undefined;
    case "link": return node.getAttribute("href");
    case "script": return node.tagName === "SUB" ? "sub" : "super";
    default: return true; // bold, italic, strike, underline, code, blockquote
  }
}

function matchBreak(delta: Delta): Delta {
  if (!deltaEndsWith(delta, "\n")) delta.insert("\n");
  return delta;
}

function matchIndent(node: WalkNode, delta: Delta): Delta {
  if (node.blot !== "list" || !deltaEndsWith(delta, "\n")) return delta;
  let indent = -1;
  for (let parent = node.parentNode; parent != null; parent = parent.parentNode) {
    if (parent.tagName === "OL" || parent.tagName === "UL") indent += 1;
  }
  if (indent <= 0) return delta;
  return delta.reduce((composed, op) => {
    if (!op.insert) return composed;
    if (typeof op.attributes?.indent === "number") return composed.push(op);
    return composed.insert(op.insert, { indent, ...op.attributes });
  }, new Delta());
}

function matchList(node: WalkNode, delta: Delta): Delta {
  let list = node.tagName === "OL" ? "ordered" : "bullet";
  const checked = node.getAttribute("data-checked");
  if (checked) list = checked === "true" ? "checked" : "unchecked";
  return applyFormat(delta, "list", list);
}

function matchTable(node: WalkNode, delta: Delta): Delta {
  const parent = node.parentElement;
  const table = parent?.tagName === "TABLE" ? parent : parent?.parentElement;
  if (table == null) return delta;
  const rows: WalkNode[] = [];
  const collect = (element: WalkNode) => {
    for (const child of element.childNodes) {
      if (child.nodeType !== 1) continue;
      if (child.tagName === "TR") rows.push(child);
      collect(child);
    }
  };
  collect(table);
  return applyFormat(delta, "table", rows.indexOf(node) + 1);
}

// The Quill host's code-span matcher (quill-host.ts).
function codeSpanText(node: WalkNode, delta: Delta): Delta {
  if (!isInCodeSpan(node as unknown as Node)) return delta;
  const kept = new Delta().insert(node.data.replace(/\r\n?|\n/g, " "));
  const last = delta.ops.at(-1)?.insert;
  return typeof last === "string" && last.endsWith("\n") ? kept.insert("\n") : kept;
}

// The Quill host's white-space: pre matcher (quill-host.ts).
function preWhitespace(node: WalkNode, delta: Delta): Delta {
  if (isInCodeSpan(node as unknown as Node) || !isInPreWhitespace(node)) return delta;
  const kept = new Delta().insert(preWhitespaceText(node.data));
  const last = delta.ops.at(-1)?.insert;
  return typeof last === "string" && last.endsWith("\n") ? kept.insert("\n") : kept;
}
