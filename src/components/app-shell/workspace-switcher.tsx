"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import Link from "next/link";
import { menuContentClass, menuItemClass, menuLabelClass, menuSeparatorClass } from "@/components/ui/menu";

/** The current workspace's name; opens a menu to switch to another or create one. */
export function WorkspaceSwitcher({
  current,
  workspaces,
}: {
  current: { slug: string; name: string };
  workspaces: Array<{ slug: string; name: string }>;
}) {
  return (
    <DropdownMenu.Root>
      {/* The name is the button's visible text, so it leads the accessible name (WCAG 2.5.3, label in name). */}
      <DropdownMenu.Trigger
        className="flex min-h-10 w-full items-center gap-2 rounded-md px-2 text-left hover:bg-border/50"
      >
        <span aria-hidden="true" className="inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-accent text-sm font-semibold text-accent-fg">
          {current.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1 truncate font-medium" title={current.name}>
          {current.name}
          <span className="sr-only"> — Switch workspace</span>
        </span>
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m7 10 5-5 5 5M7 14l5 5 5-5" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className={`${menuContentClass} w-60`}>
          <DropdownMenu.Label className={menuLabelClass}>{workspaces.length > 1 ? "Switch workspace" : "Your workspace"}</DropdownMenu.Label>
          {workspaces.map((workspace) => (
            <DropdownMenu.Item key={workspace.slug} asChild className={menuItemClass}>
              <Link href={`/w/${workspace.slug}`} aria-current={workspace.slug === current.slug ? "page" : undefined} title={workspace.name}>
                {workspace.slug === current.slug ? (
                  <span aria-hidden="true" className="absolute left-2">
                    ✓
                  </span>
                ) : null}
                <span className="truncate">{workspace.name}</span>
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link href="/workspaces/new">Create another workspace</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
