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
  holder.hidden = true;
  toolbar.append(holder, panel);
  button.addEventListener("click", () => setMoreOpen(toolbar, Boolean(panel.hidden)));

  const narrow = window.matchMedia(NARROW_TOOLBAR_QUERY);
  // Each group's width in the row, its separator (border or margin) included, and the button's:
  // measured once with everything in the row, so later fits are arithmetic and move nothing that
  // stays where it is (moving an element blurs it: someone on a control keeps their place).
  let widths: Map<HTMLElement, number> | null = null;
  let placedFor = -1;
  const place = () => {
    // The editor is thrown away with its elements (document-editor.tsx): stop watching then.
    if (!toolbar.isConnected) return stop();
    // Built hidden (document-editor.tsx shows it once loaded): nothing to measure yet.
    if (toolbar.getClientRects().length === 0) return;
    const room = innerWidth(toolbar);
    // Opening the row or moving groups changes the toolbar's height only: no reason to move anything.
    if (room === placedFor) return;
    placedFor = room;
    widths ??= measure(toolbar, groups, holder, panel);
    const rows = narrow.matches ? 2 : 1;
    const moved = overflowFor(groups, overflow, widths, widths.get(holder) ?? 0, room, rows);
    const focused = toolbar.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    for (const [index, group] of groups.entries()) {
      const inPanel = group.parentElement === panel;
      if (moved.has(group) === inPanel) continue;
      if (inPanel) toolbar.insertBefore(group, groups.slice(index + 1).find((other) => other.parentElement === toolbar) ?? holder);
      else panel.insertBefore(group, groups.slice(index + 1).find((other) => other.parentElement === panel) ?? null);
    }
    holder.hidden = moved.size === 0;
    if (holder.hidden) setMoreOpen(toolbar, false);
    // A control that had to move (the window was resized under it) keeps the focus where it is
    // still shown; one gone behind the closed row leaves it on the button.
    if (focused && focused !== document.activeElement) (focused.getClientRects().length > 0 ? focused : button).focus();
  };
  const onNarrowChange = () => {
    // Separators differ between the layouts (editor.css): measure again, from a full row.
    widths = null;
    placedFor = -1;
    place();
  };
  const observer = new ResizeObserver(place);
  const stop = () => {
    observer.disconnect();
    narrow.removeEventListener("change", onNarrowChange);
    fits.delete(toolbar);
  };
  fits.set(toolbar, place);
  place();
  observer.observe(toolbar);
  narrow.addEventListener("change", onNarrowChange);
}

/** Each toolbar's fit (addMoreFormatting), for fitMoreFormatting. */
const fits = new WeakMap<HTMLElement, () => void>();

/**
 * Fits the toolbar to the width it has now. The editor is built hidden; called as it is shown,
 * this fits the toolbar before the next frame rather than in the resize observer's, so the page
 * never lays out (and the text never sits) under the unfitted toolbar.
 */
export function fitMoreFormatting(toolbar: HTMLElement): void {
  fits.get(toolbar)?.();
}

/** The toolbar's content width, unrounded (clientWidth rounds, and fits are to the pixel). */
function innerWidth(toolbar: HTMLElement): number {
  const style = getComputedStyle(toolbar);
  const edges = ["borderLeftWidth", "borderRightWidth", "paddingLeft", "paddingRight"] as const;
  return edges.reduce((width, edge) => width - parseFloat(style[edge]), toolbar.getBoundingClientRect().width);
}

/**
 * Every group's and the button's width in the row, margins included. Those behind the button come
 * into the row for it, and go back; the row's own stay put (moving the focused one would blur it).
 */
function measure(toolbar: HTMLElement, groups: HTMLElement[], holder: HTMLElement, panel: HTMLElement): Map<HTMLElement, number> {
  const focused = panel.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
  const fromPanel = groups.filter((group) => group.parentElement === panel);
  for (const [index, group] of groups.entries()) {
    if (group.parentElement === panel) toolbar.insertBefore(group, groups.slice(index + 1).find((other) => other.parentElement === toolbar) ?? holder);
  }
  const wasHidden = holder.hidden;
  holder.hidden = false;
  const widths = new Map(
    [...groups, holder].map((element) => {
      const style = getComputedStyle(element);
      return [element, element.getBoundingClientRect().width + parseFloat(style.marginLeft) + parseFloat(style.marginRight)];
    }),
  );
  holder.hidden = wasHidden;
  panel.append(...fromPanel);
  focused?.focus();
  return widths;
}

/**
 * The groups to put behind "More formatting" so that the rest and its button fit in `rows` rows
 * of `room` px: in OVERFLOW_ORDER until they fit; then a later group that went for want of a few
 * pixels a smaller one left free comes back, the most used first, wherever it fits again.
 */
function overflowFor(groups: HTMLElement[], overflow: HTMLElement[], widths: Map<HTMLElement, number>, buttonWidth: number, room: number, rows: number): Set<HTMLElement> {
  const moved = new Set<HTMLElement>();
  const fits = (withButton: boolean) => {
    const shown = groups.filter((group) => !moved.has(group)).map((group) => widths.get(group) ?? 0);
    return rowsFor(withButton ? [...shown, buttonWidth] : shown, room) <= rows;
  };
  if (fits(false)) return moved;
  for (const group of overflow) {
    if (fits(true)) break;
    moved.add(group);
  }
  for (const group of [...moved].reverse()) {
    moved.delete(group);
    if (!fits(true)) moved.add(group);
  }
  return moved;
}

/** How many rows a wrapping flex row of `room` px lays these widths out in (browsers break greedily). */
function rowsFor(widths: number[], room: number): number {
  let rows = 1;
  let used = 0;
  for (const width of widths) {
    // A 64th of a pixel is layout's unit: sums that equal the room fit.
    if (used > 0 && used + width > room + 1 / 64) {
      rows += 1;
      used = 0;
    }
    used += width;
  }
  return rows;
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
