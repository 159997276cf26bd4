"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import Link from "next/link";
import { useTheme } from "next-themes";
import { Avatar } from "@/components/ui/avatar";
import { menuContentClass, menuItemClass, menuLabelClass, menuSeparatorClass } from "@/components/ui/menu";
import { clearOfflineData } from "@/editor/connection/offline-pages";
import { signOutAction } from "@/server/actions/auth-actions";
import { reachServer } from "@/lib/reach-server";
import type { ActorDto } from "@/shared/dto";

/** The signed-in person: their profile, theme choice and sign out. */
export function AccountMenu({ actor }: { actor: ActorDto }) {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu.Root>
      {/* The visible name and email lead the accessible name (WCAG 2.5.3, label in name). */}
      <DropdownMenu.Trigger
        className="flex min-h-11 w-full items-center gap-2 rounded-md px-2 text-left hover:bg-border/50"
      >
        <Avatar name={actor.name} color={actor.color} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{actor.name}</span>
          <span className="block truncate text-xs text-muted" title={actor.email}>
            {actor.email}
          </span>
          <span className="sr-only"> — Account menu</span>
        </span>
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="shrink-0 text-muted">
          <path d="m7 15 5-5 5 5" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" align="start" sideOffset={4} className={`${menuContentClass} w-60`}>
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link href="/profile">Profile</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownMenu.Label className={menuLabelClass}>Theme</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={setTheme}>
            {(["system", "light", "dark"] as const).map((value) => (
              <DropdownMenu.RadioItem key={value} value={value} className={menuItemClass}>
                <DropdownMenu.ItemIndicator className="absolute left-2">✓</DropdownMenu.ItemIndicator>
                {value[0]?.toUpperCase() + value.slice(1)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownMenu.Item className={menuItemClass} onSelect={() => void clearOfflineData().finally(() => reachServer(async () => ({ ok: true, data: await signOutAction() })))}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
