import type QuillType from "quill";

/**
 * Snow draws inline code and the code block with the same </> glyph, so the two buttons side by
 * side could only be told apart by their tooltips. The code block gets a block of its own: the
 * brackets inside a box, the way a code block sits on the page. Drawn with Quill's icon classes
 * (ql-stroke), so the themes and the toolbar's active state colour it like the others.
 */
const CODE_BLOCK_ICON =
  '<svg viewBox="0 0 18 18" aria-hidden="true"><rect class="ql-stroke" x="2" y="3" width="14" height="12" rx="2"/><polyline class="ql-even ql-stroke" points="7 7 5 9 7 11"/><polyline class="ql-even ql-stroke" points="11 7 13 9 11 11"/></svg>';

/** Replaces snow's code-block icon in Quill's icon registry; call before a toolbar is built. */
export function registerToolbarIcons(Quill: typeof QuillType): void {
  const icons = Quill.import("ui/icons") as Record<string, unknown>; // Quill.import() is untyped
  icons["code-block"] = CODE_BLOCK_ICON;
}
