"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTheme } from "next-themes";
import { useIsClient } from "@/lib/use-is-client";
import { menuContentClass, menuItemClass } from "@/components/ui/menu";

const THEMES = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const;

/** Light, dark, or follow the system. */
export function ThemeToggle() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  // The theme is only known in the browser; render a neutral icon until mounted.
  const isMounted = useIsClient();
  const isDark = isMounted && resolvedTheme === "dark";

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Theme"
        className="inline-flex size-10 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-fg"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          {isDark ? (
            <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
          ) : (
            <>
              <circle cx="12" cy="12" r="4" />
              <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
            </>
          )}
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          <DropdownMenu.RadioGroup value={isMounted ? theme : undefined} onValueChange={setTheme}>
            {THEMES.map((option) => (
              <DropdownMenu.RadioItem key={option.value} value={option.value} className={menuItemClass}>
                <DropdownMenu.ItemIndicator className="absolute left-2">✓</DropdownMenu.ItemIndicator>
                {option.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
