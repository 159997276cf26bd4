"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { menuItemClass, menuSeparatorClass } from "@/components/ui/menu";
import { MoreMenu } from "@/components/ui/more-menu";
import { ImportDialog } from "@/components/import/import-dialog";
import { trashDocumentAction } from "@/server/actions/document-actions";
import { ShortcutsDialog } from "./shortcuts-dialog";

/** The editor's "…" menu: export, import into it (given `importInto`: editors and up), keyboard shortcuts, move to trash. */
export function DocumentMenu({ workspaceSlug, documentId, canTrash, importInto }: { workspaceSlug: string; documentId: string; canTrash: boolean; importInto?: { title: string } | null }) {
  const router = useRouter();
  const [isShortcutsOpen, setIsShortcutsOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <>
      <MoreMenu label="Document actions" size="md" align="end">
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
            {importInto ? (
              <DropdownMenu.Item className={menuItemClass} onSelect={() => setIsImportOpen(true)}>
                Import into this document…
              </DropdownMenu.Item>
            ) : null}
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
          </MoreMenu>
      <ShortcutsDialog open={isShortcutsOpen} onOpenChange={setIsShortcutsOpen} />
      {importInto ? (
        <ImportDialog
          open={isImportOpen}
          onOpenChange={setIsImportOpen}
          workspaceSlug={workspaceSlug}
          parent={{ id: documentId, title: importInto.title }}
          initialTarget="parent"
        />
      ) : null}
      {error ? (
        <p role="alert" className="basis-full text-right text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}
