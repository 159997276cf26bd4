"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useMemo, useState } from "react";
import { useReturnFocus } from "@/lib/return-focus";
import { displayTitle } from "@/shared/document-slug";
import type { TreeNode } from "./build-tree";
import { flatten, subtreeIds } from "./build-tree";

/** "Move to…": pick a new parent (or the top level) from a filterable list. */
export function MoveDialog({
  node,
  tree,
  onClose,
  onMove,
  returnFocusTo,
}: {
  node: TreeNode | null;
  tree: TreeNode[];
  onClose: () => void;
  onMove: (parentId: string | null) => void;
  /**
   * A selector for what takes focus back when the dialog closes: the document's tree item. It
   * was opened from a menu item that no longer exists, so Radix would leave focus on the body.
   * Looked up again when that element is replaced: after a move the item is re-created under its
   * new parent, and focus follows it there.
   */
  returnFocusTo: string | null;
}) {
  const [returnTarget, setReturnTarget] = useState<string | null>(null);
  if (returnFocusTo !== null && returnFocusTo !== returnTarget) setReturnTarget(returnFocusTo);
  // The one shown: below 768 px the drawer holds a second tree while the sidebar's is hidden.
  const returnFocus = useReturnFocus(node !== null, {
    to: () => (returnTarget ? (Array.from(document.querySelectorAll<HTMLElement>(returnTarget)).find((element) => element.getClientRects().length > 0) ?? null) : null),
  });
  const [query, setQuery] = useState("");
  const destinations = useMemo(() => {
    if (!node) return [];
    // A document can't go under itself or its descendants; the server refuses it too.
    const excluded = subtreeIds(node);
    const needle = query.trim().toLowerCase();
    return flatten(tree).filter((d) => !excluded.has(d.id) && displayTitle(d.title).toLowerCase().includes(needle));
  }, [node, tree, query]);

  return (
    <Dialog.Root open={node !== null} onOpenChange={(open) => (open ? undefined : (onClose(), setQuery("")))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[80dvh] w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl border border-border bg-raised p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Move “{node ? displayTitle(node.title) : ""}” to…</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">It keeps its sub-documents.</Dialog.Description>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Filter
            <input
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="min-h-10 rounded-md border border-input-border bg-raised px-3 font-normal"
              placeholder="Document title"
            />
          </label>
          <ul className="min-h-0 flex-1 overflow-y-auto rounded-md border border-border" aria-label="Destinations">
            <li>
              <button type="button" onClick={() => onMove(null)} className="w-full px-3 py-2 text-left text-sm hover:bg-accent-soft focus-visible:bg-accent-soft">
                Top level of the workspace
              </button>
            </li>
            {destinations.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  onClick={() => onMove(d.id)}
                  className="w-full truncate py-2 pr-3 text-left text-sm hover:bg-accent-soft focus-visible:bg-accent-soft"
                  style={{ paddingLeft: `${12 + d.depth * 14}px` }}
                >
                  {displayTitle(d.title)}
                </button>
              </li>
            ))}
          </ul>
          <Dialog.Close className="self-end rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-surface">Cancel</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
