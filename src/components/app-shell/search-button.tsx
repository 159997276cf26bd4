"use client";

import { openSearchPalette } from "@/components/search-palette/search-events";
import { useIsClient } from "@/lib/use-is-client";

/** The sidebar's "Search": opens the Ctrl/Cmd-K palette (docs/product.md "Screens": the sidebar holds search). */
export function SearchButton() {
  const isClient = useIsClient();
  const isApple = isClient && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <button
      type="button"
      data-closes-nav
      aria-keyshortcuts={isApple ? "Meta+K" : "Control+K"}
      // After the mobile drawer (which closes on this click) has given focus back to its menu
      // button, not before, so the palette gives it back there in turn: Radix schedules that
      // focus in a timeout of its own as the drawer unmounts, after this click's, hence two.
      onClick={() => setTimeout(() => setTimeout(openSearchPalette, 0), 0)}
      className="flex min-h-9 w-full items-center gap-2 rounded-md px-2 text-left text-sm text-fg hover:bg-border/50"
    >
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
      <span className="flex-1">Search</span>
      <kbd aria-hidden="true" className="rounded border border-border px-1.5 font-mono text-xs text-muted">
        {isApple ? "⌘K" : "Ctrl K"}
      </kbd>
    </button>
  );
}
