"use client";

import { useLayoutEffect, useRef } from "react";

/**
 * Where focus goes when a dialog closes (docs/product.md "Keyboard and screen readers"): back to
 * what opened it. Radix returns focus to the element focused when the dialog's content mounted,
 * which for a dialog opened without a `Dialog.Trigger` is often gone: a menu item (the menu
 * closes in the same commit), or nothing at all, and focus then falls to <body>, where the next
 * key goes nowhere.
 */

/** How an element takes focus back, when `focus()` is not enough (the editor puts its caret back). */
const returners = new WeakMap<Element, () => void>();

/** What an element notes as a dialog opens from it, before focus leaves (the editor, its caret). */
const noters = new WeakMap<Element, () => void>();

/**
 * Registers how `element` takes focus back when a dialog it opened closes, and what it notes as
 * the dialog opens (`note`, run while it still has focus); returns the undo.
 */
export function registerFocusReturn(element: Element, takeFocus: () => void, note?: () => void): () => void {
  returners.set(element, takeFocus);
  if (note) noters.set(element, note);
  return () => {
    if (returners.get(element) === takeFocus) returners.delete(element);
    if (note && noters.get(element) === note) noters.delete(element);
  };
}

interface Opener {
  element: HTMLElement;
  /** Where focus goes if the opener is gone by then: the same control in the next or previous row, the list's heading. */
  near: HTMLElement[];
  /** The opener of the dialog this one was opened from, for when that dialog closed first (the palette's "New from template"). */
  outer: Opener | null;
}

/** The opener of the dialog opened last: the outer one of a dialog opened from inside it. */
let latest: Opener | null = null;

/** How long focus keeps following an opener that is busy or being replaced (a server action, then the list re-rendering). */
const FOLLOW_MS = 60_000;

/**
 * How long focus waits for a disabled opener before going to its places near: a button that
 * stays disabled once its action is done ("Sign out everywhere else" with nobody else left).
 */
const BUSY_WAIT_MS = 5_000;

/**
 * For a dialog opened without a Radix Trigger: remembers what had focus when `open` turned true
 * (for a menu item, the menu's button) and returns the `onCloseAutoFocus` handler that gives it
 * focus back. `to` names another place, read when the dialog closes and again if that element is
 * replaced (the "Move to…" dialog: the document's tree item, re-created under its new parent).
 * When the opener is disabled (its row's action is running) focus waits for it, up to 5 s; when
 * it is removed (the row deleted), focus goes to the same control in the next row, else the
 * previous row, else the list's heading (for an opener outside a list: its section's heading).
 * A handler called on an event already prevented does nothing.
 */
export function useReturnFocus(open: boolean, { to }: { to?: () => HTMLElement | null } = {}): (event: Event) => void {
  const opener = useRef<Opener | null>(null);
  const locate = useRef(to);
  useLayoutEffect(() => {
    locate.current = to;
  });
  // A layout effect: it runs before Radix moves focus into the dialog (a passive effect) and
  // while a menu item that opened it is still in the page.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    if (active) noters.get(active)?.();
    const element = openerOf(active);
    const outer = active?.closest("[role=dialog], [role=alertdialog]") ? latest : null;
    const entry = element ? { element, near: placesNear(element), outer } : outer;
    opener.current = entry;
    latest = entry;
  }, [open]);

  return (event: Event) => {
    if (event.defaultPrevented) return;
    // Something was given focus on purpose as the dialog closed (the editor, after inserting a template): it stays there.
    const active = document.activeElement;
    if (active && active !== document.body) return event.preventDefault();
    const remembered = opener.current;
    opener.current = null;
    const find = locate.current;
    if (!find && !remembered) return; // nothing known: Radix's own behaviour
    event.preventDefault();
    follow(picker(remembered, find));
  };
}

/**
 * For an action run straight from a control, with no dialog (a row's "Mark read", "New link",
 * "Mark all read"): what a dialog's return of focus does, from that control. Focus stays on it,
 * waits while it is disabled by the action (up to 5 s), comes back when it is enabled again, and
 * when the action removed it goes to the same control in the next row, else the previous row,
 * else the list's heading. Focus moved elsewhere meanwhile (by a key, or on purpose) stays there.
 */
export function keepFocusNear(element: HTMLElement): void {
  follow(picker({ element, near: placesNear(element), outer: null }, undefined));
}

/** What to focus now, from a named place or an opener and its places near; null while waiting. */
function picker(remembered: Opener | null, find: (() => HTMLElement | null) | undefined): () => HTMLElement | null {
  const waitUntil = Date.now() + BUSY_WAIT_MS;
  return () => {
    const named = find?.() ?? null;
    if (named) return canTakeFocus(named) ? named : null;
    for (let entry = remembered; entry; entry = entry.outer) {
      for (const place of [entry.element, ...entry.near]) {
        if (isBusy(place) && Date.now() < waitUntil) return null; // its action runs: wait for it
        if (canTakeFocus(place)) return place;
      }
    }
    return null;
  };
}

/** Focuses what `pick` names, and again whenever focus is lost while it waits or after it is replaced, until focus goes elsewhere. */
function follow(pick: () => HTMLElement | null): void {
  let current: HTMLElement | null = null;
  const place = () => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== current) return stop(); // someone moved it: theirs now
    if (active === current && current?.isConnected) return;
    const next = pick();
    if (!next) return;
    current = next;
    takeFocus(next);
  };
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== current) stop();
  };
  const observer = new MutationObserver(place);
  const timer = window.setTimeout(() => stop(), FOLLOW_MS);
  const afterWait = window.setTimeout(place, BUSY_WAIT_MS + 50); // a disabled opener may never change again
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    window.clearTimeout(afterWait);
    document.removeEventListener("focusin", onFocusIn, true);
  }
  const next = pick();
  if (next) {
    current = next;
    takeFocus(next);
  }
  // Added after the first focus, whose own focusin is expected.
  document.addEventListener("focusin", onFocusIn, true);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled", "hidden", "inert"] });
}

function takeFocus(element: HTMLElement): void {
  const returner = returners.get(element);
  if (returner) return returner();
  // A heading named as the place to land is focusable from script only.
  if (!element.matches(FOCUSABLE) && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus();
}

const FOCUSABLE = "a[href], button, input, select, textarea, summary, [contenteditable=true], [tabindex]";

/** What a dialog returns focus to: the focused element, or for an item of a menu, the button that opened the menu. */
function openerOf(active: Element | null): HTMLElement | null {
  let element = active;
  for (let depth = 0; element instanceof HTMLElement && depth < 5; depth++) {
    // Radix names a menu by its trigger (aria-labelledby); a submenu by the item that opened it.
    const menu = element.closest("[role=menu]");
    if (!menu) return element === document.body ? null : element;
    element = document.getElementById(menu.getAttribute("aria-labelledby") ?? "");
  }
  return null;
}

function isBusy(element: HTMLElement): boolean {
  return element.isConnected && element.matches(":disabled");
}

function canTakeFocus(element: HTMLElement): boolean {
  return element.isConnected && !element.matches(":disabled") && !element.closest("[inert], [hidden]") && element.getClientRects().length > 0;
}

/**
 * Where focus goes if `element` is removed with its row (a list's item or a table's row): the row
 * itself when it stays and can take focus, the same control in the nearest row after it that has
 * one (else before it), then the heading that names the list (or its section, or the page's h1).
 * An opener outside any row has only the heading of a section it is in.
 */
function placesNear(element: HTMLElement): HTMLElement[] {
  const row = element.parentElement?.closest<HTMLElement>("li, tr, [role=row]");
  if (!row) {
    const heading = headingFor(element, false);
    return heading ? [heading] : [];
  }
  const places: HTMLElement[] = [];
  if (row.hasAttribute("tabindex")) places.push(row);
  const kind = controlKind(element);
  if (kind) {
    // The same control further on, past rows without one (a read notification has no "Mark read").
    for (const step of ["nextElementSibling", "previousElementSibling"] as const) {
      for (let neighbour = row[step]; neighbour instanceof HTMLElement; neighbour = neighbour[step]) {
        const control = controlsIn(neighbour).find((candidate) => controlKind(candidate) === kind);
        if (control) {
          places.push(control);
          break;
        }
      }
    }
  } else {
    const index = Math.max(0, controlsIn(row).indexOf(element));
    for (const neighbour of [row.nextElementSibling, row.previousElementSibling]) {
      if (!(neighbour instanceof HTMLElement)) continue;
      const controls = controlsIn(neighbour);
      const control = controls[index] ?? controls[0];
      if (control) places.push(control);
    }
  }
  const heading = row.parentElement ? headingFor(row.parentElement, true) : null;
  if (heading) places.push(heading);
  return places;
}

/**
 * What makes two rows' controls "the same": a field's tag and name, a button's or link's visible
 * words (its row's words, in a visually hidden span, set apart). Null for a control without
 * either (an icon button): then the control at the same place in the row is the same one.
 */
function controlKind(control: HTMLElement): string | null {
  if (control.matches("input, select, textarea")) return `${control.tagName}:${control.getAttribute("name") ?? ""}`;
  let words = "";
  const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest(".sr-only")) words += node.textContent ?? "";
  }
  words = words.replace(/\s+/g, " ").trim();
  return words ? `${control.tagName}:${words}` : null;
}

function controlsIn(row: HTMLElement): HTMLElement[] {
  return Array.from(row.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea"));
}

/** The heading that names the nearest labelled section around `start`, else (if `orPage`) the page's h1. */
function headingFor(start: HTMLElement, orPage: boolean): HTMLElement | null {
  for (let labelled = start.closest<HTMLElement>("[aria-labelledby]"); labelled; labelled = labelled.parentElement?.closest<HTMLElement>("[aria-labelledby]") ?? null) {
    const label = document.getElementById(labelled.getAttribute("aria-labelledby")?.split(" ")[0] ?? "");
    if (label && /^H[1-6]$/.test(label.tagName)) return label;
  }
  return orPage ? document.querySelector<HTMLElement>("main h1") : null;
}
