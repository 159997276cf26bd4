"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { menuItemClass, menuSeparatorClass } from "@/components/ui/menu";
import { MoreMenu } from "@/components/ui/more-menu";
import { trashDocumentAction } from "@/server/actions/document-actions";
import { SaveVersionDialog } from "./save-version-dialog";
import { ShortcutsDialog } from "./shortcuts-dialog";

/** The editor's "…" menu: export, versions, keyboard shortcuts, move to trash. */
export function DocumentMenu({
  workspaceSlug,
  documentId,
  historyHref,
  canTrash,
  canSaveVersion,
}: {
  workspaceSlug: string;
  documentId: string;
  /** The document's version history page. */
  historyHref: string;
  canTrash: boolean;
  canSaveVersion: boolean;
}) {
  const router = useRouter();
  const [isShortcutsOpen, setIsShortcutsOpen] = useState(false);
  const [isSaveVersionOpen, setIsSaveVersionOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

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
            <DropdownMenu.Separator className={menuSeparatorClass} />
            {canSaveVersion ? (
              <DropdownMenu.Item className={menuItemClass} onSelect={() => setIsSaveVersionOpen(true)}>
                Save version…
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link href={historyHref}>Version history</Link>
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
          </MoreMenu>
      <ShortcutsDialog open={isShortcutsOpen} onOpenChange={setIsShortcutsOpen} />
      <SaveVersionDialog
        documentId={documentId}
        open={isSaveVersionOpen}
        onOpenChange={setIsSaveVersionOpen}
        onSaved={(name) => setNotice(`Saved the version “${name}”.`)}
      />
      {notice ? (
        <p role="status" className="basis-full text-right text-sm text-success" data-testid="version-notice">
          {notice}{" "}
          <Link href={historyHref} className="font-medium underline">
            See versions
          </Link>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="basis-full text-right text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}
