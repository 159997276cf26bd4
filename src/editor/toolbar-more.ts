import { NARROW_TOOLBAR_QUERY, OVERFLOW_ORDER, TOOLBAR, groupName } from "./toolbar";

const PANEL_ID_PREFIX = "ql-more-panel-";
let panels = 0;

/**
 * The toolbar keeps to one row (two in a phone's window, NARROW_TOOLBAR_QUERY): the full toolbar
 * wrapped to two rows at 1280 px, three on a tablet and five on a phone. The groups that don't fit
 * move, in OVERFLOW_ORDER (toolbar.ts) and as they are, into a row behind a "More formatting"
 * button: a disclosure (aria-expanded, the row follows it in the tab and arrow order; Escape in it
 * closes it, editor/toolbar-keyboard.ts). What fits is measured rather than set per breakpoint, so
 * the sidebar, zoom and the window's width all count. The same elements move, so Quill's handlers
 * and its active states keep working; when everything fits the button is hidden. The skeleton
 * (components/toolbar-skeleton.tsx) holds the same rows before Quill arrives.
 */
export function addMoreFormatting(toolbar: HTMLElement): void {
  // Quill builds one .ql-formats span per TOOLBAR group, in order.
  const groups = Array.from(toolbar.children).filter((element): element is HTMLElement => element.classList.contains("ql-formats"));
  const named = new Map(groups.map((element, index) => [groupName(TOOLBAR[index] ?? []), element]));
  const overflow = OVERFLOW_ORDER.map((name) => named.get(name)).filter((element) => element !== undefined);

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
  let placedAt = -1;
  const place = () => {
    // The editor is thrown away with its elements (document-editor.tsx): stop watching then.
    if (!toolbar.isConnected) return stop();
    const width = toolbar.clientWidth;
    // Moving groups changes the toolbar's height only; that is no reason to measure again.
    if (width === placedAt) return;
    placedAt = width;
    const wasOpen = !panel.hidden;
    panel.hidden = true;
    holder.hidden = true;
    toolbar.append(...groups, holder, panel);
    const rows = narrow.matches ? 2 : 1;
    if (fitsIn(toolbar, groups.at(-1), rows)) return setMoreOpen(toolbar, false);
    holder.hidden = false;
    const moved = new Set<HTMLElement>();
    for (const group of overflow) {
      if (fitsIn(toolbar, holder, rows)) break;
      moved.add(group);
      group.remove();
    }
    // A later group may have gone for want of a few pixels a smaller one left free: bring back,
    // the most used first, each group that fits again in its place.
    for (const group of [...moved].reverse()) {
      const next = groups.slice(groups.indexOf(group) + 1).find((other) => !moved.has(other)) ?? holder;
      toolbar.insertBefore(group, next);
      if (fitsIn(toolbar, holder, rows)) moved.delete(group);
      else group.remove();
    }
    panel.append(...groups.filter((group) => moved.has(group)));
    setMoreOpen(toolbar, wasOpen);
  };
  // Moving the focused control blurs it: a re-measure while someone is in the toolbar (a scrollbar
  // appearing as the row opens) must leave them where they were.
  const placeKeepingFocus = () => {
    const focused = toolbar.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    place();
    if (focused && focused !== document.activeElement && focused.getClientRects().length > 0) focused.focus();
  };
  const onNarrowChange = () => {
    placedAt = -1;
    placeKeepingFocus();
  };
  const observer = new ResizeObserver(placeKeepingFocus);
  const stop = () => {
    observer.disconnect();
    narrow.removeEventListener("change", onNarrowChange);
  };
  place();
  observer.observe(toolbar);
  narrow.addEventListener("change", onNarrowChange);
}

/** Whether `last`, the toolbar's last control shown, sits within its first `rows` rows. */
function fitsIn(toolbar: HTMLElement, last: HTMLElement | undefined, rows: number): boolean {
  const first = toolbar.firstElementChild as HTMLElement | null;
  if (!first || !last) return true;
  const rowHeight = first.offsetHeight;
  return last.offsetTop - first.offsetTop < rowHeight * (rows - 0.5);
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
