"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import { menuContentClass } from "./menu";

/** A "…" button that opens a menu of actions (items are Radix DropdownMenu items). */
export function MoreMenu({
  label,
  size = "md",
  align = "end",
  open,
  onOpenChange,
  onCloseAutoFocus,
  triggerTabIndex,
  children,
}: {
  label: string;
  size?: "sm" | "md";
  align?: "start" | "end";
  /** Controlled from outside (a keyboard shortcut elsewhere opens it); uncontrolled by default. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes when the menu closes (Radix's default: its trigger). */
  onCloseAutoFocus?: (event: Event) => void;
  /** -1 inside a composite widget (a tree row) whose own keys reach the menu. */
  triggerTabIndex?: number;
  children: ReactNode;
}) {
  const isSmall = size === "sm";
  return (
    // Not modal: a modal menu whose item opens a Dialog can leave pointer-events: none on
    // <body>, freezing the page (radix-ui/primitives#1241); these menus open dialogs.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        tabIndex={triggerTabIndex}
        aria-label={label}
        className={`inline-flex items-center justify-center text-muted hover:text-fg ${isSmall ? "size-6 rounded hover:bg-border" : "size-9 rounded-md hover:bg-surface"}`}
      >
        <svg aria-hidden="true" width={isSmall ? 14 : 18} height={isSmall ? 14 : 18} viewBox="0 0 24 24" fill="currentColor">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align={align} sideOffset={4} collisionPadding={8} className={menuContentClass} onCloseAutoFocus={onCloseAutoFocus}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
