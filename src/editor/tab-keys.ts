import type Quill from "quill";

interface Keyboard {
  addBinding(binding: Record<string, unknown>, handler: (range: { index: number; length: number }, context: { event: KeyboardEvent }) => boolean): void;
  bindings: Record<string, unknown[]>;
}

/** Keys that don't cancel "Escape, then Tab" (Shift+Tab presses Shift first). */
const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta"]);

/**
 * What Tab does in the body (docs/product.md "Editor"; the shortcuts dialog lists it). Quill's own
 * keys stay: in a paragraph Tab types a tab character; at the start of a list item, quote or
 * indented line Tab indents and Shift+Tab outdents; in a code block Tab types two spaces (the
 * spec's code-block tab); in a table it goes to the next cell (tables/table-tab-keys.ts). Two things change:
 *
 * - **With text selected** (outside code blocks and tables), Tab indents the selected lines and
 *   Shift+Tab outdents them, as in a list and as Google Docs does. Quill replaced the selection
 *   with one tab character: a whole selected document became a tab (one Ctrl/⌘+Z gave it back,
 *   but nobody expects Tab to delete).
 * - **Escape, then Tab or Shift+Tab** leaves the text for the next or previous control, as in
 *   CodeMirror: Tab itself belongs to the text, and WCAG 2.1.2 asks for a way out that is said
 *   (Alt+F10 reaches the toolbar too). Any other key in between cancels it.
 * Returns the cleanup.
 */
export function bindTabKeys(quill: Quill): () => void {
  const keyboard = quill.keyboard as unknown as Keyboard;
  keyboard.addBinding({ key: "Tab", shiftKey: null, collapsed: false, format: { "code-block": false, table: false } }, (_range, context) => {
    if (!quill.isEnabled()) return true;
    quill.history.cutoff(); // its own undo step, apart from the typing before and after
    quill.format("indent", context.event.shiftKey ? "-1" : "+1", "user");
    quill.history.cutoff();
    return false;
  });
  // Ahead of Quill's "tab", which would replace the selection first.
  const tabs = keyboard.bindings.Tab;
  if (tabs && tabs.length > 1) tabs.unshift(tabs.pop());

  let isLeaving = false;
  const beforeKey = (event: KeyboardEvent) => {
    if (isLeaving && event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey) {
      // The browser's own Tab moves the focus on; Quill's keyboard (on this element) never sees it.
      isLeaving = false;
      event.stopImmediatePropagation();
      return;
    }
    if (!MODIFIERS.has(event.key)) isLeaving = false;
  };
  const afterKey = (event: KeyboardEvent) => {
    // An Escape that closed something (the "/" menu, the "@" picker) was theirs.
    if (event.key === "Escape" && !event.defaultPrevented) isLeaving = true;
  };
  const cancel = () => {
    isLeaving = false;
  };
  quill.root.addEventListener("keydown", beforeKey, true);
  quill.root.addEventListener("keydown", afterKey);
  quill.root.addEventListener("blur", cancel);
  quill.root.addEventListener("mousedown", cancel);
  return () => {
    quill.root.removeEventListener("keydown", beforeKey, true);
    quill.root.removeEventListener("keydown", afterKey);
    quill.root.removeEventListener("blur", cancel);
    quill.root.removeEventListener("mousedown", cancel);
  };
}
