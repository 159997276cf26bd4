import { NARROW_TOOLBAR_QUERY, TOOLBAR, isMoreGroup } from "./toolbar";

const PANEL_ID_PREFIX = "ql-more-panel-";
let panels = 0;

/**
 * In a narrow window the full toolbar wrapped to five sticky rows, a quarter of a phone's screen.
 * There its rarely used groups (toolbar.ts isMoreGroup) move, as they are, into a row behind a
 * "More formatting" button: a disclosure (aria-expanded, the row follows it in the tab and arrow
 * order; Escape in it closes it, editor/toolbar-keyboard.ts). The same elements move, so Quill's
 * handlers and its active states keep working; in a wide window they go back to their places and
 * the button is hidden (editor.css), so nothing changes there. The skeleton
 * (components/toolbar-skeleton.tsx) holds the same space before Quill arrives.
 */
export function addMoreFormatting(toolbar: HTMLElement): void {
  // Quill builds one .ql-formats span per TOOLBAR group, in order.
  const groups = Array.from(toolbar.children).filter((element) => element.classList.contains("ql-formats"));
  const moved = groups.filter((_, index) => {
    const group = TOOLBAR[index];
    return group !== undefined && isMoreGroup(group);
  });

  const panel = document.createElement("div");
  panel.id = `${PANEL_ID_PREFIX}${++panels}`;
  panel.className = "ql-more-panel";
  panel.setAttribute("role", "group");
  panel.setAttribute("aria-label", "More formatting");
  panel.hidden = true;

  const holder = document.createElement("span");
  holder.className = "ql-formats ql-more-formats";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "ql-more";
  button.setAttribute("aria-label", "More formatting");
  button.setAttribute("title", "More formatting");
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", panel.id);
  // Three dots, drawn like Quill's icons (ql-fill) so the themes colour them.
  button.innerHTML =
    '<svg viewBox="0 0 18 18" aria-hidden="true"><circle class="ql-fill" cx="4" cy="9" r="1.5"/><circle class="ql-fill" cx="9" cy="9" r="1.5"/><circle class="ql-fill" cx="14" cy="9" r="1.5"/></svg>';
  holder.append(button);
  button.addEventListener("click", () => setMoreOpen(toolbar, Boolean(panel.hidden)));

  const narrow = window.matchMedia(NARROW_TOOLBAR_QUERY);
  const place = () => {
    // The editor is thrown away with its elements (document-editor.tsx): stop listening then.
    if (!toolbar.isConnected) return narrow.removeEventListener("change", place);
    if (narrow.matches) {
      panel.append(...moved);
      toolbar.append(holder, panel);
    } else {
      setMoreOpen(toolbar, false);
      toolbar.append(...groups, holder, panel);
    }
  };
  place();
  narrow.addEventListener("change", place);
}

/** Opens or closes the "More formatting" row; closing takes the focus from inside it to its button. */
export function setMoreOpen(toolbar: HTMLElement, open: boolean): void {
  const button = toolbar.querySelector<HTMLButtonElement>("button.ql-more");
  const panel = toolbar.querySelector<HTMLElement>(".ql-more-panel");
  if (!button || !panel) return;
  const hadFocus = panel.contains(document.activeElement);
  panel.hidden = !open;
  button.setAttribute("aria-expanded", String(open));
  button.classList.toggle("ql-active", open);
  if (!open && hadFocus) button.focus();
}

/**
 * Escape from inside the open "More formatting" row, or on its button: closes it and leaves the
 * focus on the button. False when it was not open there (Escape then goes back to the text).
 */
export function closeMoreFrom(toolbar: HTMLElement, target: HTMLElement): boolean {
  const button = toolbar.querySelector<HTMLButtonElement>("button.ql-more");
  const panel = toolbar.querySelector<HTMLElement>(".ql-more-panel");
  if (!button || !panel || panel.hidden) return false;
  if (target !== button && !panel.contains(target)) return false;
  setMoreOpen(toolbar, false);
  button.focus();
  return true;
}
