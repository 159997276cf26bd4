"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { MouseEvent, ReactNode } from "react";
import { useState } from "react";

/** Below 768 px: a top bar whose menu button opens the sidebar as a drawer. */
export function MobileNav({ title, end, children }: { title: string; end?: ReactNode; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  // Following a link inside the drawer navigates client-side, and "Search" opens the palette:
  // close the drawer with either.
  const handleClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a[href], [data-closes-nav]")) setIsOpen(false);
  };

  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <header className="sticky top-0 z-30 flex h-12 items-center gap-2 border-b border-border bg-bg px-2 md:hidden">
        <Dialog.Trigger aria-label="Open navigation" className="inline-flex size-10 items-center justify-center rounded-md hover:bg-surface">
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </Dialog.Trigger>
        <span className="flex-1 truncate font-medium">{title}</span>
        {end}
      </header>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-[85vw] max-w-72 bg-surface shadow-xl md:hidden">
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <Dialog.Description className="sr-only">Workspace navigation and account menu</Dialog.Description>
          <Dialog.Close
            aria-label="Close navigation"
            className="absolute right-2 top-2 z-10 inline-flex size-10 items-center justify-center rounded-md text-muted hover:bg-border/50 hover:text-fg"
          >
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </Dialog.Close>
          <div className="h-full pt-10" onClick={handleClick}>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
