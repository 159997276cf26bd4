"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import Link from "next/link";
import { useTheme } from "next-themes";
import type { TreeRow } from "@/components/document-tree/build-tree";
import { Avatar } from "@/components/ui/avatar";
import { menuContentClass, menuItemClass, menuLabelClass, menuSeparatorClass } from "@/components/ui/menu";
import type { ActorDto } from "@/shared/dto";
import { SignOutMessage } from "./sign-out-message";
import { useSignOut } from "./use-sign-out";

/**
 * The signed-in person: their profile, theme choice and sign out. A sign-out that can't finish
 * (offline, or changes only this device has) says why above the menu's button, where it was asked for.
 */
export function AccountMenu({ actor, workspace }: { actor: ActorDto; workspace: { slug: string; documents: TreeRow[] } }) {
  const { theme, setTheme } = useTheme();
  const { state: signOutState, signOut } = useSignOut(actor.id);
  return (
    <div className="flex flex-col gap-2">
      {signOutState ? (
        <SignOutMessage state={signOutState} workspace={workspace} onDiscard={() => void signOut({ discardUnsaved: true })} />
      ) : null}
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
            <DropdownMenu.Item className={menuItemClass} disabled={signOutState?.kind === "saving"} onSelect={() => void signOut()}>
              Sign out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
