"use client";

import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { DocumentRenamedDetail, MoveDocumentDetail } from "@/lib/document-events";
import { DOCUMENT_RENAMED, MOVE_DOCUMENT } from "@/lib/document-events";
import { trashedHref } from "@/lib/trashed-href";
import { holdTyping } from "@/lib/typing-handoff";
import { openNewFromTemplate } from "@/components/template-picker/template-events";
import { ImportDialog } from "@/components/import-dialog/import-dialog";
import { createDocumentAction, moveDocumentAction, trashDocumentAction } from "@/server/actions/document-actions";
import { reachServer } from "@/lib/reach-server";
import { confirmLeaving } from "@/lib/use-leave-guard";
import { displayTitle, documentIdFromSegment, documentSegment } from "@/shared/document-slug";
import { MOVE_INTO_ITSELF } from "@/shared/document-tree-messages";
import type { TreeNode, TreeRow } from "./build-tree";
import { buildTree, flatten, subtreeIds, visibleNodes } from "./build-tree";
import { MoveDialog } from "./move-dialog";
import type { DropZone } from "./tree-item";
import { TreeItem } from "./tree-item";
import { TREE_ITEM_ATTRIBUTE, treeItemIn, useTreeKeyboard } from "./use-tree-keyboard";

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
  /** Where focus goes when "Move to…" closes, when it was opened from outside the tree (the editor's "…" menu). */
  const [movingFrom, setMovingFrom] = useState<string | null>(null);
  /** What the last action did, said on the page it was done on. */
  const [notice, setNotice] = useState<{ text: string; pathname: string } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const currentId = pathname.includes("/d/") ? documentIdFromSegment(pathname.split("/d/")[1]?.split("/")[0] ?? "") : null;

  const currentDocument = currentId ? flatten(tree).find((node) => node.id === currentId) : undefined;
  const treeRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const visible = visibleNodes(tree, expanded.has);
  useOpenDocumentShown(tree, currentId, expanded);
  useMoveRequests(tree, (node, returnFocusTo) => {
    setMovingFrom(returnFocusTo);
    setMoving(node);
  });
  const keyboard = useTreeKeyboard({
    treeRef,
    visible,
    currentId,
    isExpanded: expanded.has,
    setExpanded: expanded.set,
    // Enter on an item opens it without a click on its link: the page's leave guard asks here.
    onOpen: (node) =>
      void confirmLeaving().then((mayLeave) => {
        if (!mayLeave) return;
        holdTyping("body", node.id);
        router.push(`/w/${workspaceSlug}/d/${documentSegment(node)}`);
      }),
    onActions: (node) => canEdit && setMenuFor(node.id),
  });
  /** The item that takes focus as an actions menu closes, instead of the one it was for (trashed). */
  const focusAfterMenu = useRef<{ from: string; to: string | null } | null>(null);

  const run = useCallback(
    async (action: () => Promise<{ ok: boolean; message?: string }>) => {
      setError(null);
      setNotice(null);
      const result = await action();
      if (!result.ok) {
        setError(result.message ?? "That didn't work. Try again.");
        return false;
      }
      router.refresh();
      return true;
    },
    [router],
  );

  /**
   * "Move to trash" on a row. The open document, or one above it: the page goes where the editor's
   * own "Move to trash" goes (the trash page, which offers to undo it), never staying on a document
   * that is gone. Any other: focus stays in the tree, on the next row (else the previous one), and
   * the tree says what went.
   */
  const trash = async (node: TreeNode) => {
    const subtree = subtreeIds(node);
    if (currentId && subtree.has(currentId)) {
      setError(null);
      const result = await reachServer(() => trashDocumentAction({ documentId: node.id }));
      if (!result.ok) return setError(result.message);
      // No refresh first: the open page would render again without its document (a 404).
      router.push(trashedHref(workspaceSlug, node.id));
      return;
    }
    const index = visible.findIndex((shown) => shown.id === node.id);
    const neighbour = visible.slice(index + 1).find((shown) => !subtree.has(shown.id)) ?? visible[index - 1] ?? null;
    focusAfterMenu.current = { from: node.id, to: neighbour?.id ?? null };
    if (await run(() => reachServer(() => trashDocumentAction({ documentId: node.id })))) setNotice({ text: `Moved “${displayTitle(node.title)}” to the trash.`, pathname });
  };

  const onMenuClosed = (id: string) => {
    const after = focusAfterMenu.current?.from === id ? focusAfterMenu.current : null;
    focusAfterMenu.current = null;
    if (!after) return treeItemIn(treeRef.current, id)?.focus();
    if (after.to) return keyboard.focus(after.to);
    // The last document went: on to "New document", beside the tree's name.
    rootRef.current?.querySelector<HTMLElement>('[aria-label="New document"]')?.focus();
  };

  const create = async (parentId: string | null) => {
    // Asked before it is created: a person who stays on a page with unsaved work leaves no empty document behind.
    if (!(await confirmLeaving())) return;
    setError(null);
    const hold = holdTyping("title");
    const result = await reachServer(() => createDocumentAction({ workspaceId, parentId }));
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
    // Said as the move dialog says it, so a drop is heard as well as seen.
    const where = zone === "inside" ? `into “${displayTitle(target.title)}”` : `${zone} “${displayTitle(target.title)}”`;
    const title = displayTitle(draggedNode?.title ?? "");
    void run(() => reachServer(() => moveDocumentAction({ documentId: dragged, ...placement }))).then((moved) => {
      if (moved) setNotice({ text: `Moved “${title}” ${where}.`, pathname });
    });
    setDragged(null);
  };

  const shownNotice = notice?.pathname === pathname ? notice.text : null;

  return (
    <div ref={rootRef} className="flex min-h-0 flex-1 flex-col gap-1">
      <div className="flex items-center justify-between px-2">
        <p id="tree-heading" className="text-xs font-medium uppercase tracking-wide text-muted">
          Documents
        </p>
        {canEdit ? (
          <div className="flex items-center">
            <HeaderButton label="Import…" onClick={() => setIsImportOpen(true)} icon="M12 4v11M7 10l5 5 5-5M5 20h14" />
            <HeaderButton label="New from template" onClick={() => openNewFromTemplate()} icon="M4 4h16v5H4zM4 13h7v7H4zM15 13h5M15 17h5" />
            <HeaderButton label="New document" onClick={() => void create(null)} icon="M12 5v14M5 12h14" />
          </div>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mx-2 rounded-md bg-danger-soft px-2 py-1.5 text-xs text-danger">
          {error}
        </p>
      ) : null}
      {/* In the page before it says anything, so screen readers announce what it says. */}
      <p role="status" className={shownNotice ? "mx-2 rounded-md bg-accent-soft px-2 py-1.5 text-xs" : "sr-only"}>
        {shownNotice}
      </p>
      {tree.length === 0 ? (
        <p className="px-2 pt-1 text-sm text-muted">{canEdit ? "No documents yet. Create one with +." : "No documents yet."}</p>
      ) : (
        <ul ref={treeRef} role="tree" aria-labelledby="tree-heading" onKeyDown={keyboard.onKeyDown} className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto pb-2">
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
              onMove={(node) => {
                setMovingFrom(null);
                setMoving(node);
              }}
              onTrash={(node) => void trash(node)}
              dragged={dragged}
              onDragStart={setDragged}
              onDragEnd={() => setDragged(null)}
              onDrop={drop}
              tabStopId={keyboard.tabStopId}
              onItemFocus={keyboard.onItemFocus}
              menuFor={menuFor}
              onMenuOpenChange={(id, isOpen) => setMenuFor(isOpen ? id : null)}
              onMenuClosed={onMenuClosed}
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
        returnFocusTo={moving ? (movingFrom ?? `[${TREE_ITEM_ATTRIBUTE}="${CSS.escape(moving.id)}"]`) : null}
        onMove={(parentId) => {
          if (!moving) return;
          const { id: documentId, title } = moving;
          setMoving(null);
          // The new parent and the branches above it open, so the document shows in its new place,
          // where focus follows it (MoveDialog); the tree says where it went.
          const byId = new Map(flatten(tree).map((node) => [node.id, node]));
          const opened: string[] = [];
          for (let id = parentId; id; id = byId.get(id)?.parentId ?? null) opened.push(id);
          if (opened.length > 0) expanded.expand(opened);
          const parent = parentId ? byId.get(parentId) : undefined;
          const where = parent ? `into “${displayTitle(parent.title)}”` : "to the top level";
          void run(() => reachServer(() => moveDocumentAction({ documentId, parentId }))).then((moved) => {
            if (moved) setNotice({ text: `Moved “${displayTitle(title)}” ${where}.`, pathname });
          });
        }}
      />
    </div>
  );
}

/** One of the tree heading's icon buttons; `icon` is the path of a 24-unit stroked glyph. */
function HeaderButton({ label, onClick, icon }: { label: string; onClick: () => void; icon: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-border/50 hover:text-fg"
    >
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d={icon} />
      </svg>
    </button>
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

/**
 * Opens the branches above the open document, so that it shows in the tree and is its tab stop
 * (useTreeKeyboard): once each time a document opens, so a branch closed by hand stays closed.
 */
function useOpenDocumentShown(tree: TreeNode[], currentId: string | null, expanded: Expanded) {
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (!currentId || shownFor.current === currentId) return;
    const byId = new Map(flatten(tree).map((node) => [node.id, node]));
    if (!byId.has(currentId)) return; // not in this tree (yet): a document just created arrives with the next render
    shownFor.current = currentId;
    const ancestors: string[] = [];
    for (let parent = byId.get(currentId)?.parentId; parent; parent = byId.get(parent)?.parentId) ancestors.push(parent);
    if (ancestors.some((id) => !expanded.has(id))) expanded.expand(ancestors);
  }, [tree, currentId, expanded]);
}

/** Answers the editor's "Move to…" (lib/document-events.ts requestMove) with this tree's dialog. */
function useMoveRequests(tree: TreeNode[], open: (node: TreeNode, returnFocusTo: string) => void) {
  const latest = useRef({ tree, open });
  useEffect(() => {
    latest.current = { tree, open };
  });
  useEffect(() => {
    const handle = (event: Event) => {
      // Below 768 px an open drawer holds a second tree: one dialog is enough.
      if (event.defaultPrevented) return;
      const { id, returnFocusTo } = (event as CustomEvent<MoveDocumentDetail>).detail; // dispatched by requestMove
      const node = flatten(latest.current.tree).find((candidate) => candidate.id === id);
      if (!node) return;
      event.preventDefault();
      latest.current.open(node, returnFocusTo);
    };
    window.addEventListener(MOVE_DOCUMENT, handle);
    return () => window.removeEventListener(MOVE_DOCUMENT, handle);
  }, []);
}

type Expanded = ReturnType<typeof useExpanded>;

/** Which documents are expanded, remembered per workspace in this browser. */
function useExpanded(workspaceId: string) {
  const key = `quire:expanded:${workspaceId}`;
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => localStorage.getItem(key) ?? "[]",
    () => "[]",
  );
  const ids = useMemo(() => new Set<string>(JSON.parse(raw) as string[]), [raw]); // written by write() below
  return useMemo(() => {
    // From the stored list, not this render's: an effect may run before the render that read it
    // (hydration renders the server's empty list first).
    const write = (change: (next: Set<string>) => void) => {
      const next = new Set<string>(JSON.parse(localStorage.getItem(key) ?? "[]") as string[]);
      change(next);
      localStorage.setItem(key, JSON.stringify([...next]));
      window.dispatchEvent(new StorageEvent("storage", { key }));
    };
    return {
      has: (id: string) => ids.has(id),
      set: (id: string, isOpen: boolean) => write((next) => (isOpen ? next.add(id) : next.delete(id))),
      /** Expands all of `list` at once. */
      expand: (list: string[]) => write((next) => list.forEach((id) => next.add(id))),
    };
  }, [ids, key]);
}

function subscribeStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}
