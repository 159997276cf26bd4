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
  } as const;
}

/** Names Quill's root (the editable element) as the document body. */
export function labelBody(root: HTMLElement, isReadOnly: boolean): void {
  for (const [name, value] of Object.entries(bodyAria(isReadOnly))) if (value !== undefined) root.setAttribute(name, value);
}
