"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { displayTitle } from "@/shared/document-slug";

/**
 * The intercepted share route's frame: a dialog over the editor. Closing goes back in history,
 * which restores the editor's URL (and leaves the editor, never unmounted, as it was).
 */
export function ShareModal({ title, children }: { title: string; children: ReactNode }) {
  const router = useRouter();
  return (
    <Dialog.Root open onOpenChange={(isOpen) => (isOpen ? undefined : router.back())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          data-testid="share-modal"
          onCloseAutoFocus={(event) => {
            // Back to the "Share" button: the element focused when the dialog opened may have been
            // re-rendered by the navigation, and Radix would then leave focus on the page body.
            const trigger = document.querySelector<HTMLElement>("[data-share-trigger]");
            if (!trigger) return;
            event.preventDefault();
            trigger.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[90dvh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-border bg-raised p-4 shadow-xl sm:p-6"
        >
          <div className="flex items-start gap-3">
            <Dialog.Title className="mr-auto min-w-0 break-words text-lg font-semibold">Share “{displayTitle(title)}”</Dialog.Title>
            <Dialog.Close className="inline-flex min-h-10 items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-surface">
              Close
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Who has access to this document, and its public link.</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
