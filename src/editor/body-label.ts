/**
 * How the document body is announced, the same for the live editor and for the server's HTML
 * that takes typing before it, so a screen reader hears one body throughout.
 */
export function bodyAria(isReadOnly: boolean) {
  return {
    role: "textbox",
    "aria-multiline": "true",
    "aria-label": "Document body",
    "aria-readonly": isReadOnly ? "true" : undefined,
    // Tab types in the text (editor/tab-keys.ts): the way out is said where it is needed (WCAG 2.1.2).
    "aria-description": isReadOnly ? undefined : BODY_KEYS_DESCRIPTION,
  } as const;
}

/** How to leave an editable body by keyboard, read with its name. */
export const BODY_KEYS_DESCRIPTION = "Alt+F10: formatting toolbar. Escape, then Tab: leave the text.";

/** Names Quill's root (the editable element) as the document body. */
export function labelBody(root: HTMLElement, isReadOnly: boolean): void {
  for (const [name, value] of Object.entries(bodyAria(isReadOnly))) if (value !== undefined) root.setAttribute(name, value);
}
