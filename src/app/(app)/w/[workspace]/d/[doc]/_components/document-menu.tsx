"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { menuContentClass, menuItemClass, menuSeparatorClass } from "@/components/ui/menu";
import { trashDocumentAction } from "@/server/actions/document-actions";
import { ShortcutsDialog } from "./shortcuts-dialog";

/** The editor's "…" menu: export, keyboard shortcuts, move to trash. */
export function DocumentMenu({ workspaceSlug, documentId, canTrash }: { workspaceSlug: string; documentId: string; canTrash: boolean }) {
  const router = useRouter();
  const [isShortcutsOpen, setIsShortcutsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <>
      {/* Not modal: a modal menu that opens a Dialog can leave pointer-events: none on <body> (radix-ui/primitives#1241). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger aria-label="Document actions" className="inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-fg">
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
            <circle cx="5" cy="12" r="1.8" />
            <circle cx="12" cy="12" r="1.8" />
            <circle cx="19" cy="12" r="1.8" />
          </svg>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
            <DropdownMenu.Item asChild className={menuItemClass}>
              <a href={`/api/v1/documents/${documentId}/export?format=md`} download>
                Export as Markdown
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuItemClass}>
              <a href={`/api/v1/documents/${documentId}/export?format=html`} download>
                Export as HTML
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className={menuSeparatorClass} />
            <DropdownMenu.Item className={menuItemClass} onSelect={() => setIsShortcutsOpen(true)}>
              Keyboard shortcuts
            </DropdownMenu.Item>
            {canTrash ? (
              <>
                <DropdownMenu.Separator className={menuSeparatorClass} />
                <DropdownMenu.Item
                  className={`${menuItemClass} text-danger`}
                  onSelect={async () => {
                    const result = await trashDocumentAction({ documentId });
                    if (!result.ok) return setError(result.message);
                    router.push(`/w/${workspaceSlug}/trash`);
                  }}
                >
                  Move to trash
                </DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ShortcutsDialog open={isShortcutsOpen} onOpenChange={setIsShortcutsOpen} />
      {error ? (
        <p role="alert" className="basis-full text-right text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}
