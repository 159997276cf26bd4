/** Shared looks for Radix dropdown menus. */
export const menuContentClass =
  "z-50 min-w-48 rounded-lg border border-input-border bg-raised p-1 text-sm text-fg shadow-lg";

export const menuItemClass =
  "relative flex min-h-9 cursor-pointer select-none items-center gap-2 rounded-md py-1.5 pl-7 pr-3 outline-none data-[highlighted]:bg-accent-soft data-[highlighted]:text-fg data-[disabled]:opacity-50";

export const menuLabelClass = "px-3 py-1.5 text-xs font-medium text-muted";

export const menuSeparatorClass = "my-1 h-px bg-border";
