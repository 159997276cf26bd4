"use client";

import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { DocumentRenamedDetail } from "@/lib/document-events";
import { DOCUMENT_RENAMED } from "@/lib/document-events";
import { holdTyping } from "@/lib/typing-handoff";
import { openNewFromTemplate } from "@/components/template-picker/template-events";
import { ImportDialog } from "@/components/import-dialog/import-dialog";
import { createDocumentAction, moveDocumentAction, trashDocumentAction } from "@/server/actions/document-actions";
import { documentIdFromSegment, documentSegment } from "@/shared/document-slug";
import { MOVE_INTO_ITSELF } from "@/shared/document-tree-messages";
import type { TreeNode, TreeRow } from "./build-tree";
import { buildTree, flatten, subtreeIds, visibleNodes } from "./build-tree";
import { MoveDialog } from "./move-dialog";
import type { DropZone } from "./tree-item";
import { TreeItem } from "./tree-item";
import { TREE_ITEM_ATTRIBUTE, useTreeKeyboard } from "./use-tree-keyboard";

export interface DocumentTreeProps {
  workspaceId: string;
  workspaceSlug: string;
  rows: TreeRow[];
  canEdit: boolean;
}

/** The sidebar's nested documents: expand, create, drag to reorder or re-parent, "Move to…", trash. */
export function DocumentTree({ workspaceId, workspaceSlug, rows, canEdit }: DocumentTreeProps) {
  const router = useRouter();
  const pathname = usePathname();
  const renamed = useRenamedTitles();
  const tree = useMemo(() => buildTree(rows.map((row) => (renamed[row.id] === undefined ? row : { ...row, title: renamed[row.id] ?? row.title }))), [rows, renamed]);
  const expanded = useExpanded(workspaceId);
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState<TreeNode | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const currentId = pathname.includes("/d/") ? documentIdFromSegment(pathname.split("/d/")[1]?.split("/")[0] ?? "") : null;

  const currentDocument = currentId ? flatten(tree).find((node) => node.id === currentId) : undefined;
  const keyboard = useTreeKeyboard({
    visible: visibleNodes(tree, expanded.has),
    currentId,
    isExpanded: expanded.has,
    setExpanded: expanded.set,
    onOpen: (node) => {
      holdTyping("body", node.id);
      router.push(`/w/${workspaceSlug}/d/${documentSegment(node)}`);
    },
    onActions: (node) => canEdit && setMenuFor(node.id),
  });

  const run = useCallback(
    async (action: () => Promise<{ ok: boolean; message?: string }>) => {
      setError(null);
      const result = await action();
      if (!result.ok) return setError(result.message ?? "That didn't work. Try again.");
      router.refresh();
    },
    [router],
  );

  const create = async (parentId: string | null) => {
    setError(null);
    const hold = holdTyping("title");
    const result = await createDocumentAction({ workspaceId, parentId });
    if (!result.ok) {
      hold.release();
      return setError(result.message);
    }
    hold.forDocument(result.data.id);
    if (parentId) expanded.set(parentId, true);
    router.push(`/w/${workspaceSlug}/d/${documentSegment(result.data)}`);
    router.refresh();
  };

  const drop = (target: TreeNode, zone: DropZone) => {
    if (!dragged || dragged === target.id) return;
    const draggedNode = flatten(tree).find((node) => node.id === dragged);
    const newParentId = zone === "inside" ? target.id : target.parentId;
    if (draggedNode && newParentId && subtreeIds(draggedNode).has(newParentId)) {
      setDragged(null);
      return setError(MOVE_INTO_ITSELF); // the server refuses it too; say so without the round trip
    }
    // The neighbours the user saw, without the dragged document itself (rows come in sibling order).
    const siblings = rows.filter((r) => r.parentId === target.parentId && r.id !== dragged);
    const index = siblings.findIndex((r) => r.id === target.id);
    const placement =
      zone === "inside"
        ? { parentId: target.id }
        : zone === "before"
          ? { parentId: target.parentId, afterId: siblings[index - 1]?.id ?? null, beforeId: target.id }
          : { parentId: target.parentId, afterId: target.id, beforeId: siblings[index + 1]?.id ?? null };
    if (zone === "inside") expanded.set(target.id, true);
    void run(() => moveDocumentAction({ documentId: dragged, ...placement }));
    setDragged(null);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1">
      <div className="flex items-center justify-between px-2">
        <p id="tree-heading" className="text-xs font-medium uppercase tracking-wide text-muted">
          Documents
        </p>
        {canEdit ? (
          <div className="flex items-center">
            <button
              type="button"
              onClick={() => setIsImportOpen(true)}
              aria-label="Import…"
              title="Import…"
              className="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-border/50 hover:text-fg"
            >
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
              </svg>
            </button>
            <button
              type="button"
              onClick={() => openNewFromTemplate()}
              aria-label="New from template"
              title="New from template"
              className="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-border/50 hover:text-fg"
            >
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 4h16v5H4zM4 13h7v7H4zM15 13h5M15 17h5" />
              </svg>
            </button>
            <button
              type="button"
              onClick={() => void create(null)}
              aria-label="New document"
              title="New document"
              className="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-border/50 hover:text-fg"
            >
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M12 5v14M5 12h14" />
              </svg>
            </button>
          </div>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mx-2 rounded-md bg-danger-soft px-2 py-1.5 text-xs text-danger">
          {error}
        </p>
      ) : null}
      {tree.length === 0 ? (
        <p className="px-2 pt-1 text-sm text-muted">{canEdit ? "No documents yet. Create one with +." : "No documents yet."}</p>
      ) : (
        <ul role="tree" aria-labelledby="tree-heading" onKeyDown={keyboard.onKeyDown} className="min-h-0 flex-1 overflow-y-auto pb-2">
          {tree.map((node) => (
            <TreeItem
              key={node.id}
              node={node}
              workspaceSlug={workspaceSlug}
              currentId={currentId}
              canEdit={canEdit}
              isExpanded={expanded.has}
              onToggle={(id) => expanded.set(id, !expanded.has(id))}
              onCreateChild={(id) => void create(id)}
              onMove={setMoving}
              onTrash={(id) => void run(() => trashDocumentAction({ documentId: id }))}
              dragged={dragged}
              onDragStart={setDragged}
              onDragEnd={() => setDragged(null)}
              onDrop={drop}
              tabStopId={keyboard.tabStopId}
              onItemFocus={keyboard.onItemFocus}
              menuFor={menuFor}
              onMenuOpenChange={(id, isOpen) => setMenuFor(isOpen ? id : null)}
            />
          ))}
        </ul>
      )}
      {canEdit ? (
        <ImportDialog
          open={isImportOpen}
          onOpenChange={setIsImportOpen}
          workspaceSlug={workspaceSlug}
          parent={currentDocument ? { id: currentDocument.id, title: currentDocument.title } : null}
        />
      ) : null}
      <MoveDialog
        node={moving}
        tree={tree}
        onClose={() => setMoving(null)}
        returnFocusTo={moving ? `[${TREE_ITEM_ATTRIBUTE}="${CSS.escape(moving.id)}"]` : null}
        onMove={(parentId) => {
          if (!moving) return;
          const documentId = moving.id;
          setMoving(null);
          if (parentId) expanded.set(parentId, true);
          void run(() => moveDocumentAction({ documentId, parentId }));
        }}
      />
    </div>
  );
}

/** Titles saved in this page since the server last sent the tree (the title field announces them). */
function useRenamedTitles(): Record<string, string> {
  const [titles, setTitles] = useState<Record<string, string>>({});
  useEffect(() => {
    const handle = (event: Event) => {
      const { id, title } = (event as CustomEvent<DocumentRenamedDetail>).detail; // dispatched by announceRename
      setTitles((current) => ({ ...current, [id]: title }));
    };
    window.addEventListener(DOCUMENT_RENAMED, handle);
    return () => window.removeEventListener(DOCUMENT_RENAMED, handle);
  }, []);
  return titles;
}

/** Which documents are expanded, remembered per workspace in this browser. */
function useExpanded(workspaceId: string) {
  const key = `quire:expanded:${workspaceId}`;
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => localStorage.getItem(key) ?? "[]",
    () => "[]",
  );
  const ids = useMemo(() => new Set<string>(JSON.parse(raw) as string[]), [raw]); // written by set() below
  return {
    has: (id: string) => ids.has(id),
    set: (id: string, isOpen: boolean) => {
      const next = new Set(ids);
      if (isOpen) next.add(id);
      else next.delete(id);
      localStorage.setItem(key, JSON.stringify([...next]));
      window.dispatchEvent(new StorageEvent("storage", { key }));
    },
  };
}

function subscribeStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}
