/** Room between the table's popups (the size picker, the table menu) and what they sit next to, in pixels. */
export const POPUP_GAP = 4;

/**
 * Clears the page's selection when the focus moves into the picker or the menu. Focusing a
 * button leaves the selection in the text, and Quill then takes any remote edit (someone else
 * typing) as a reason to restore it, focus included (quill/core/quill.js modify → setSelection):
 * the focus would jump back to the text and the next Enter land in a cell. The caret is kept in
 * a SavedCaret (saved-caret.ts) and put back on leaving.
 */
export function releaseTextSelection(): void {
  document.getSelection()?.removeAllRanges();
}
