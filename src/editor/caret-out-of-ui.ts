import type Quill from "quill";

/**
 * Keeps the caret out of the places around Quill's in-line controls where typing is lost. A
 * code block's container starts with its language `<select class="ql-ui" contenteditable=false>`,
 * and Ctrl+Home (or a click left of the text) leaves the browser's caret in the container, before
 * that control: End then goes nowhere, and the keys typed there become a text node the container
 * may not hold, which Quill removes — the text shows nowhere and is never stored (seen in a
 * document that starts with a code block). A list item's marker (`span.ql-ui`) is the same kind
 * of place. Before a key acts, and whenever the selection moves, a caret found there is put where
 * Quill's model already says it is: the start of the line's text.
 */
export function keepCaretOutOfUi(quill: Quill): () => void {
  const root = quill.root;
  const document = root.ownerDocument;
  const place = () => {
    // The editor was torn down (another document opened): the document-level listener goes with it.
    if (!root.isConnected) return stop();
    const selection = document.getSelection();
    if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return;
    const { focusNode, focusOffset } = selection;
    if (!focusNode || !root.contains(focusNode) || !isAtUi(focusNode, focusOffset)) return;
    // Quill maps the position to its index (the line's start) and sets the caret inside its text.
    const range = quill.getSelection();
    if (range) quill.setSelection(range.index, 0, "silent");
  };
  // Capture: before Quill's keyboard module and before the browser's own action for the key.
  const stop = () => {
    root.removeEventListener("keydown", place, true);
    document.removeEventListener("selectionchange", place);
  };
  root.addEventListener("keydown", place, true);
  document.addEventListener("selectionchange", place);
  return stop;
}

/**
 * Inside a control, at the level of a code block's container (between its lines), or just
 * before a control. Never where Quill itself puts a caret (in a line, after a list's marker),
 * so setting it back cannot bring the caret here again.
 */
function isAtUi(node: Node, offset: number): boolean {
  const element = node instanceof Element ? node : node.parentElement;
  if (!element) return false;
  if (element.closest(".ql-ui") || element.classList.contains("ql-code-block-container")) return true;
  const next = node === element ? element.childNodes[offset] : undefined;
  return next instanceof Element && next.classList.contains("ql-ui");
}
