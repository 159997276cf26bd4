import type Quill from "quill";
import { closeMoreFrom } from "./toolbar-more";

/** The editor's "…" document menu, which Alt+F10 reaches from the toolbar. */
const DOCUMENT_MENU_SELECTOR = '[aria-label="Document actions"]';

/**
 * Keyboard access around the editor (listed in the shortcuts dialog):
 * - Alt+F10 in the text moves to the formatting toolbar, Alt+F10 there to the document menu,
 *   Escape in the toolbar back to the text (so nobody needs 26 Shift+Tabs to reach the menu);
 *   in a narrow window's open "More formatting" row (toolbar-more.ts) Escape closes it first,
 *   back to its button;
 * - Left/Right move between the toolbar controls shown; in a picker (heading, font, size, alignment,
 *   colours) Down or Enter opens it, Up/Down/Home/End move between its items, Enter picks;
 * - Ctrl/⌘+Alt+1, 2, 3 make the line a heading of that level, Ctrl/⌘+Alt+0 normal text
 *   (as in Google Docs; matched by key position, since Alt changes the character on a Mac).
 * Returns the cleanup.
 */
export function bindEditorKeys(quill: Quill, toolbar: HTMLElement | null): () => void {
  const onTextKey = (event: KeyboardEvent) => {
    if (event.key === "F10" && event.altKey && toolbar) {
      event.preventDefault();
      event.stopPropagation();
      controls(toolbar)[0]?.focus();
      return;
    }
    const level = /^Digit([0-3])$/.exec(event.code)?.[1];
    if (level !== undefined && event.altKey && (event.ctrlKey || event.metaKey) && !event.shiftKey && quill.isEnabled()) {
      event.preventDefault();
      event.stopPropagation();
      quill.format("header", level === "0" ? false : Number(level), "user");
    }
  };
  const onToolbarKey = (event: KeyboardEvent) => {
    if (!toolbar) return;
    const target = event.target as HTMLElement;
    if (event.key === "F10" && event.altKey) {
      event.preventDefault();
      document.querySelector<HTMLElement>(DOCUMENT_MENU_SELECTOR)?.focus();
      return;
    }
    const picker = target.closest<HTMLElement>(".ql-picker");
    if (event.key === "Escape") {
      // An open picker closes first (Quill's own handler); otherwise back to the text. Captured,
      // because Quill's handler on a closed picker's label would take the focus back to it.
      if (picker?.classList.contains("ql-expanded")) return;
      event.preventDefault();
      event.stopPropagation();
      if (!closeMoreFrom(toolbar, target)) quill.focus();
      return;
    }
    if (target.classList.contains("ql-picker-item") && picker) return moveInPicker(event, picker, target);
    if (target.classList.contains("ql-picker-label") && picker && (event.key === "ArrowDown" || event.key === " ")) {
      event.preventDefault();
      if (!picker.classList.contains("ql-expanded")) target.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
      (picker.querySelector<HTMLElement>(".ql-picker-item.ql-selected") ?? picker.querySelector<HTMLElement>(".ql-picker-item"))?.focus();
      return;
    }
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const list = controls(toolbar);
      const index = list.indexOf(target);
      if (index < 0) return;
      event.preventDefault();
      list[(index + (event.key === "ArrowRight" ? 1 : -1) + list.length) % list.length]?.focus();
    }
  };
  quill.root.addEventListener("keydown", onTextKey, true);
  toolbar?.setAttribute("role", "toolbar");
  toolbar?.setAttribute("aria-label", "Formatting");
  toolbar?.addEventListener("keydown", onToolbarKey, true);
  return () => {
    quill.root.removeEventListener("keydown", onTextKey, true);
    toolbar?.removeEventListener("keydown", onToolbarKey, true);
  };
}

/**
 * The toolbar's focusable controls shown, in order: buttons and picker labels (not the items
 * inside), without those of a closed "More formatting" row or a hidden "More formatting" button.
 */
function controls(toolbar: HTMLElement): HTMLElement[] {
  return Array.from(toolbar.querySelectorAll<HTMLElement>("button, .ql-picker-label")).filter(
    (element) => !element.closest(".ql-picker-options") && element.getClientRects().length > 0,
  );
}

function moveInPicker(event: KeyboardEvent, picker: HTMLElement, item: HTMLElement): void {
  const items = Array.from(picker.querySelectorAll<HTMLElement>(".ql-picker-item"));
  const index = items.indexOf(item);
  const next =
    event.key === "ArrowDown" ? items[(index + 1) % items.length]
    : event.key === "ArrowUp" ? items[(index - 1 + items.length) % items.length]
    : event.key === "Home" ? items[0]
    : event.key === "End" ? items.at(-1)
    : undefined;
  if (!next) return;
  event.preventDefault();
  next.focus();
}
