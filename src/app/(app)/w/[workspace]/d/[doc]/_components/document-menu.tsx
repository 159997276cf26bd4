"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { useId, useState } from "react";
import type { FootNoticeContent } from "@/components/ui/foot-notice";
import { FootNotice } from "@/components/ui/foot-notice";
import { menuItemClass, menuLabelClass, menuSeparatorClass } from "@/components/ui/menu";
import { ImportDialog } from "@/components/import-dialog/import-dialog";
import { MoreMenu } from "@/components/ui/more-menu";
import { requestMove } from "@/lib/document-events";
import { DownloadError, downloadFile } from "@/lib/download-file";
import { trashedHref } from "@/lib/trashed-href";
import { trashDocumentAction } from "@/server/actions/document-actions";
import { setDocumentFollowAction } from "@/server/actions/notification-actions";
import { reachServer } from "@/lib/reach-server";
import { SaveTemplateDialog } from "./save-template-dialog";
import { SaveVersionDialog } from "./save-version-dialog";
import { ShortcutsDialog } from "./shortcuts-dialog";

/** What the export items need to know about the document and the server. */
export interface ExportOptions {
  /** The document has live child documents: offer the zip exports. */
  hasChildren: boolean;
  /** The server can print PDFs (Chromium found); otherwise "Export as PDF" opens the print view. */
  canPrintPdf: boolean;
  /** The browser's print view of the document (`…/d/<segment>/print`). */
  printHref: string;
}

/** The menu's button, which takes focus back from "Move to…" (the item that opened it is gone). */
const DOCUMENT_MENU_SELECTOR = '[aria-label="Document actions"]';

const ZIP_FORMATS = [
  { format: "md", label: "Markdown" },
  { format: "html", label: "HTML" },
  { format: "docx", label: "Word (.docx)" },
  { format: "pdf", label: "PDF" },
] as const;

/**
 * The editor's "…" menu: export, import into it (given `importInto`: editors and up), versions,
 * keyboard shortcuts, move, move to trash. What its items did, or why they failed, is said at the
 * window's foot (FootNotice), one notice at a time: in the header it pushed the document down.
 */
export function DocumentMenu({
  workspaceSlug,
  documentId,
  historyHref,
  canTrash,
  canMove,
  canSaveVersion,
  canSaveAsTemplate,
  exportOptions,
  importInto,
  isFollowing,
}: {
  workspaceSlug: string;
  documentId: string;
  /** The document's version history page. */
  historyHref: string;
  canTrash: boolean;
  /** Editors and up: "Move to…", the sidebar tree's dialog. */
  canMove: boolean;
  canSaveVersion: boolean;
  /** Editors and up: "Save as template…" (docs/product.md "Templates"). */
  canSaveAsTemplate: boolean;
  exportOptions: ExportOptions;
  importInto?: { title: string } | null;
  /** Whether the reader follows the document (new threads notify them: docs/product.md "Notifications"). */
  isFollowing: boolean;
}) {
  const router = useRouter();
  const [isShortcutsOpen, setIsShortcutsOpen] = useState(false);
  const [isSaveVersionOpen, setIsSaveVersionOpen] = useState(false);
  const [isSaveTemplateOpen, setIsSaveTemplateOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [notice, setNotice] = useState<FootNoticeContent | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [following, setFollowing] = useState(isFollowing);
  const zipLabelId = useId();
  const exportUrl = (format: string, query = "") => `/api/v1/documents/${documentId}/export?format=${format}${query}`;
  const say = (testId: string, text: ReactNode) => setNotice({ tone: "success", testId, text });
  const fail = (message: string, offerPrintView = false) =>
    setNotice({
      tone: "error",
      testId: "export-error",
      text: offerPrintView ? (
        <>
          {message}{" "}
          <a href={exportOptions.printHref} target="_blank" rel="noopener" className="underline">
            Open the print view instead
          </a>
        </>
      ) : (
        message
      ),
    });
  // Dismissed, the notice leaves focus where its menu is (its button may have held it).
  const handleDismiss = () => {
    setNotice(null);
    document.querySelector<HTMLElement>(DOCUMENT_MENU_SELECTOR)?.focus();
  };

  // PDFs and zips take seconds: fetched with a visible busy state and the server's message on failure.
  const handleSlowDownload = async (url: string, busyLabel: string) => {
    setNotice(null);
    setBusy(busyLabel);
    try {
      await downloadFile(url);
    } catch (caught) {
      const failure = caught instanceof DownloadError ? caught : new DownloadError("internal", "The export failed. Try again.");
      fail(failure.message, failure.code === "unavailable");
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <MoreMenu label="Document actions" size="md" align="end">
        <DropdownMenu.Item asChild className={menuItemClass}>
          <a href={exportUrl("md")} download>
            Export as Markdown
          </a>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={menuItemClass}>
          <a href={exportUrl("html")} download>
            Export as HTML
          </a>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={menuItemClass}>
          <a href={exportUrl("docx")} download>
            Export as Word (.docx)
          </a>
        </DropdownMenu.Item>
        {exportOptions.canPrintPdf ? (
          <DropdownMenu.Item className={menuItemClass} disabled={busy !== null} onSelect={() => void handleSlowDownload(exportUrl("pdf"), "Preparing the PDF…")}>
            Export as PDF
          </DropdownMenu.Item>
        ) : (
          // The server has no PDF engine: the browser's own print dialog ("Save as PDF") instead.
          <DropdownMenu.Item asChild className={menuItemClass}>
            <a href={exportOptions.printHref} target="_blank" rel="noopener">
              Export as PDF (print view)
            </a>
          </DropdownMenu.Item>
        )}
        {exportOptions.hasChildren ? (
          // A labelled group rather than a submenu: at 360 px a submenu has no room beside the menu.
          <DropdownMenu.Group aria-labelledby={zipLabelId}>
            <DropdownMenu.Label id={zipLabelId} className={menuLabelClass}>
              With child documents (zip)
            </DropdownMenu.Label>
            {ZIP_FORMATS.filter(({ format }) => format !== "pdf" || exportOptions.canPrintPdf).map(({ format, label }) => (
              <DropdownMenu.Item
                key={format}
                className={menuItemClass}
                disabled={busy !== null}
                aria-label={`${label} with child documents (zip)`}
                onSelect={() => void handleSlowDownload(exportUrl(format, "&includeChildren=true"), `Preparing the ${label} zip…`)}
              >
                {label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Group>
        ) : null}
        {importInto ? (
          <DropdownMenu.Item className={menuItemClass} onSelect={() => setIsImportOpen(true)}>
            Import into this document…
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator className={menuSeparatorClass} />
        {canSaveVersion ? (
          <DropdownMenu.Item className={menuItemClass} onSelect={() => setIsSaveVersionOpen(true)}>
            Save version…
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Item asChild className={menuItemClass}>
          <Link href={historyHref}>Version history</Link>
        </DropdownMenu.Item>
        {canSaveAsTemplate ? (
          <DropdownMenu.Item className={menuItemClass} onSelect={() => setIsSaveTemplateOpen(true)}>
            Save as template…
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator className={menuSeparatorClass} />
        <DropdownMenu.CheckboxItem
          className={menuItemClass}
          checked={following}
          onCheckedChange={async (checked) => {
            setFollowing(checked); // optimistic; put back if the server disagrees
            const result = await reachServer(() => setDocumentFollowAction({ documentId, following: checked }));
            if (!result.ok) {
              setFollowing(!checked);
              fail(result.message);
            } else say("follow-notice", checked ? "You follow this document: new threads on it will notify you." : "You no longer follow this document.");
          }}
        >
          <span aria-hidden="true" className="inline-block w-4">
            {following ? "✓" : ""}
          </span>
          Follow document
        </DropdownMenu.CheckboxItem>
        <DropdownMenu.Item className={menuItemClass} onSelect={() => setIsShortcutsOpen(true)}>
          Keyboard shortcuts
        </DropdownMenu.Item>
        {canMove || canTrash ? <DropdownMenu.Separator className={menuSeparatorClass} /> : null}
        {canMove ? (
          // The tree's own dialog (its rows are the destinations), opened from here by an event.
          <DropdownMenu.Item className={menuItemClass} onSelect={() => requestMove({ id: documentId, returnFocusTo: DOCUMENT_MENU_SELECTOR })}>
            Move to…
          </DropdownMenu.Item>
        ) : null}
        {canTrash ? (
          <>
            <DropdownMenu.Item
              className={`${menuItemClass} text-danger`}
              onSelect={async () => {
                const result = await reachServer(() => trashDocumentAction({ documentId }));
                if (!result.ok) return fail(result.message);
                router.push(trashedHref(workspaceSlug, documentId));
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
      <SaveVersionDialog
        documentId={documentId}
        open={isSaveVersionOpen}
        onOpenChange={setIsSaveVersionOpen}
        onSaved={(name) =>
          say(
            "version-notice",
            <>
              Saved the version “{name}”.{" "}
              <Link href={historyHref} className="font-medium underline">
                See versions
              </Link>
            </>,
          )
        }
      />
      {canSaveAsTemplate ? (
        <SaveTemplateDialog
          documentId={documentId}
          open={isSaveTemplateOpen}
          onOpenChange={setIsSaveTemplateOpen}
          onSaved={(name) =>
            say(
              "template-notice",
              <>
                Saved the template “{name}”.{" "}
                <Link href={`/w/${workspaceSlug}/settings/templates`} className="font-medium underline">
                  See templates
                </Link>
              </>,
            )
          }
        />
      ) : null}
      <FootNotice notice={busy ? { tone: "progress", testId: "export-status", text: busy } : notice} onDismiss={handleDismiss} />
    </>
  );
}
