/**
 * Shared looks for Radix dropdown menus. A menu is never taller than the room Radix finds for it
 * (a short window, 200% zoom, a phone held sideways): it scrolls inside itself instead, since
 * Radix's scroll lock keeps the page from bringing its last items into view.
 */
export const menuContentClass =
  "z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-48 overflow-y-auto overscroll-contain rounded-lg border border-input-border bg-raised p-1 text-sm text-fg shadow-lg";

export const menuItemClass =
  "relative flex min-h-9 cursor-pointer select-none items-center gap-2 rounded-md py-1.5 pl-7 pr-3 outline-none data-[highlighted]:bg-accent-soft data-[highlighted]:text-fg data-[disabled]:opacity-50";

export const menuLabelClass = "px-3 py-1.5 text-xs font-medium text-muted";

export const menuSeparatorClass = "my-1 h-px bg-border";
