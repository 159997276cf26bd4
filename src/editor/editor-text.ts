/** Stands for an embed (image, formula) in editor text: one position, as in Quill's length. */
export const EMBED_CHAR = "\uFFFC";

/** A place in the DOM, as a Selection names it. */
export interface DomPosition {
  node: Node;
  offset: number;
}

/** Elements that make lines; a line is one that holds no other (Quill's `<ol>` and code-block container hold lines). */
// A table's cells are its lines (Quill's table format); the table, its body and rows hold them.
const BLOCK_TAGS = new Set(["P", "DIV", "H1", "H2", "H3", "H4", "H5", "H6", "LI", "BLOCKQUOTE", "PRE", "OL", "UL", "TABLE", "TBODY", "TR", "TD"]);
/** One position each, never entered: an image, a formula (KaTeX's markup inside is not text). */
const ATOM_TAGS = new Set(["IMG", "IFRAME", "VIDEO"]);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/**
 * The text of editor markup counted as Quill counts it — each line's text followed by "\n",
 * an embed as one EMBED_CHAR, `<br>` and the editor's `.ql-ui` controls as nothing, whitespace
 * kept as it is (the editor is `white-space: pre-wrap`) — and where `caret` falls in it.
 * Works on the server's rendering of a body and on that markup after the browser edited it
 * (a split block is a new line, whatever its tag).
 */
export function readEditorText(root: Node, caret: DomPosition | null = null): { text: string; caret: number | null } {
  let text = "";
  let caretIndex: number | null = null;
  const isCaretAt = (node: Node, offset: number) => caret !== null && caretIndex === null && caret.node === node && caret.offset === offset;

  const readInline = (node: Node): void => {
    if (node.nodeType === TEXT_NODE) {
      if (caret?.node === node && caretIndex === null) caretIndex = text.length + Math.min(caret.offset, node.textContent?.length ?? 0);
      text += node.textContent ?? "";
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const element = node as Element;
    if (element.classList.contains("ql-ui") || element.tagName === "BR") return markIfInside(element);
    if (isAtom(element)) {
      markIfInside(element);
      text += EMBED_CHAR;
      return;
    }
    readChildren(element);
  };

  // A caret placed inside something read as nothing or as one position lands before it.
  const markIfInside = (element: Element) => {
    if (caret !== null && caretIndex === null && element.contains(caret.node)) caretIndex = text.length;
  };

  const readChildren = (parent: Node): void => {
    const children = Array.from(parent.childNodes);
    const holdsLines = children.some(isBlock);
    let isLineOpen = false;
    children.forEach((child, index) => {
      if (isCaretAt(parent, index)) caretIndex = text.length;
      if (!holdsLines) return readInline(child);
      if (isBlock(child)) {
        // Inline content loose between lines (the browser can leave some) is a line of its own.
        if (isLineOpen) text += "\n";
        isLineOpen = false;
        readChildren(child);
        if (!(child as Element).querySelector(blockSelector)) text += "\n";
        return;
      }
      const before = text.length;
      readInline(child);
      if (text.length > before) isLineOpen = true;
    });
    if (isCaretAt(parent, children.length)) caretIndex = text.length;
    if (isLineOpen) text += "\n";
  };

  readChildren(root);
  if (!text.endsWith("\n")) text += "\n"; // a document always ends with a line break
  return { text, caret: caretIndex };
}

const blockSelector = Array.from(BLOCK_TAGS, (tag) => tag.toLowerCase()).join(",");

function isBlock(node: Node): boolean {
  return node.nodeType === ELEMENT_NODE && BLOCK_TAGS.has((node as Element).tagName) && !(node as Element).classList.contains("ql-ui");
}

function isAtom(element: Element): boolean {
  return ATOM_TAGS.has(element.tagName) || element.classList.contains("ql-formula") || element.getAttribute("contenteditable") === "false";
}
