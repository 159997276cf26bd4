"use client";

import { EmptyList } from "@/components/ui/empty-list";
import { RowActionNotice } from "@/components/ui/row-action-notice";
import { useRowActions } from "@/lib/use-row-actions";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { purgeDocumentAction, restoreDocumentAction } from "@/server/actions/document-actions";
import type { TrashItemDto } from "@/shared/dto";
import { displayTitle, documentSegment } from "@/shared/document-slug";
import { LocalTime } from "@/components/time/local-time";


/**
 * Trashed documents with Restore (editors) and Delete forever (admins, after confirming). After a
 * deletion focus goes to the next row's "Delete forever" (else the previous row's, else the
 * page's heading): ConfirmDialog's return of focus.
 */
export function TrashList({
  workspaceSlug,
  items,
  canRestore,
  canPurge,
}: {
  workspaceSlug: string;
  items: TrashItemDto[];
  canRestore: boolean;
  canPurge: boolean;
}) {
  const { isPending, notice, run, router } = useRowActions();
  const [confirming, setConfirming] = useState<TrashItemDto | null>(null);

  // The notice stays when the last row goes: "Deleted … for good." is still to be announced.
  if (items.length === 0) {
    return (
      <>
        <RowActionNotice notice={notice} />
        <EmptyList className="p-8">The trash is empty.</EmptyList>
      </>
    );
  }

  const restore = (item: TrashItemDto) =>
    run(
      () => restoreDocumentAction({ documentId: item.id }),
      (restored) => {
        router.push(`/w/${workspaceSlug}/d/${documentSegment(restored)}`);
        return `Restored “${displayTitle(item.title)}”.`;
      },
    );
  const purge = (item: TrashItemDto) => {
    setConfirming(null);
    run(() => purgeDocumentAction({ documentId: item.id }), () => `Deleted “${displayTitle(item.title)}” for good.`);
  };

  return (
    <>
      <RowActionNotice notice={notice} />
      <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={isPending}>
        {items.map((item) => (
          // On a phone the buttons go under the title: beside it they left it a few letters.
          <li key={item.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-3">
            <div className="min-w-0 sm:flex-1">
              <p className="truncate font-medium">{displayTitle(item.title)}</p>
              <p className="text-sm text-muted">
                Trashed <LocalTime value={item.deletedAt} />
                {item.deletedByName ? ` by ${item.deletedByName}` : ""}
                {item.descendantCount > 0 ? ` · with ${item.descendantCount} sub-document${item.descendantCount === 1 ? "" : "s"}` : ""}
              </p>
            </div>
            {canRestore || canPurge ? (
              <div className="flex shrink-0 flex-wrap gap-3">
                {canRestore ? (
                  <Button variant="secondary" onClick={() => restore(item)} disabled={isPending}>
                    Restore<span className="sr-only"> {displayTitle(item.title)}</span>
                  </Button>
                ) : null}
                {canPurge ? (
                  <Button variant="ghost-danger" onClick={() => setConfirming(item)} disabled={isPending}>
                    Delete forever<span className="sr-only"> {displayTitle(item.title)}</span>
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={`Delete “${confirming ? displayTitle(confirming.title) : ""}” forever?`}
        description={
          confirming && confirming.descendantCount > 0
            ? `It and its ${confirming.descendantCount} sub-document${confirming.descendantCount === 1 ? "" : "s"} will be deleted. This can't be undone.`
            : "This can't be undone."
        }
        confirmLabel="Delete forever"
        onConfirm={() => confirming && purge(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
