import type Quill from "quill";
import type { Range } from "quill";

/**
 * Quill puts the selection back with a silent setSelection after every change made through its
 * API (a collaborator's edit arriving through y-quill, the body arriving, the syntax module
 * re-highlighting code a second after any edit), and setSelection focuses the text whenever the
 * browser's selection is still in it. Someone who had moved on to the toolbar (Alt+F10), a menu,
 * the title or a dialog was pulled back into the text, and the focus passing through it closed an
 * open menu ("Document actions" closed itself a second after the page loaded, or whenever anyone
 * typed). So while the text doesn't have the focus, a silent setSelection only moves the range
 * Quill's focus() puts back (shifted past the change, as before), and leaves the focus and the
 * browser's selection alone. A silent call that means to work on the text from elsewhere (a table
 * command run from its menu) focuses it first. Any other source still focuses the text, as
 * Quill's documentation says.
 */
export function keepFocusThroughSilentSelection(quill: Quill): void {
  const setSelection = quill.setSelection.bind(quill) as (...args: unknown[]) => void;
  quill.setSelection = ((...args: unknown[]) => {
    if (!args.includes("silent") || quill.hasFocus()) return setSelection(...args);
    const range = rangeOf(args);
    if (range) quill.selection.savedRange = range;
  }) as Quill["setSelection"];
}

/** The range of setSelection's arguments: `(range, source)` or `(index, length?, source)`. */
function rangeOf([first, second]: unknown[]): Range | null {
  if (typeof first === "number") return { index: first, length: typeof second === "number" ? second : 0 };
  if (typeof first === "object" && first !== null && "index" in first && "length" in first) return first as Range;
  return null;
}
