"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import Link from "next/link";
import type { DragEvent } from "react";
import { useState } from "react";
import { menuItemClass, menuSeparatorClass } from "@/components/ui/menu";
import { MoreMenu } from "@/components/ui/more-menu";
import { holdTyping } from "@/lib/typing-handoff";
import { displayTitle, documentSegment } from "@/shared/document-slug";
import type { TreeNode } from "./build-tree";
import { TREE_ITEM_ACTION_KEYS, TREE_ITEM_ATTRIBUTE } from "./use-tree-keyboard";

export type DropZone = "before" | "inside" | "after";

interface TreeItemProps {
  node: TreeNode;
  workspaceSlug: string;
  currentId: string | null;
  canEdit: boolean;
  isExpanded: (id: string) => boolean;
  onToggle: (id: string) => void;
  onCreateChild: (id: string) => void;
  onMove: (node: TreeNode) => void;
  onTrash: (node: TreeNode) => void;
  dragged: string | null;
  onDragStart: (id: string) => void;
  onDragEnd: () => void;
  onDrop: (target: TreeNode, zone: DropZone) => void;
  /** The roving tab stop's document (useTreeKeyboard); the others' items take focus only by arrows. */
  tabStopId: string | null;
  onItemFocus: (id: string) => void;
  /** The document whose actions menu a key opened, and how it closes. */
  menuFor: string | null;
  onMenuOpenChange: (id: string, isOpen: boolean) => void;
  /** Gives focus back as document `id`'s actions menu closes: to its item, or its neighbour once it is trashed. */
  onMenuClosed: (id: string) => void;
}

/**
 * The row's indent: 12 px a level for the first 4, then 4 px a level, and never more than a third
 * of the tree's width, so a title 25 levels down (the deepest there is) still has room to be read.
 * The level itself is in `aria-level` and the full title in the link's tooltip.
 */
export function indentFor(depth: number): string {
  const full = Math.min(depth, 4) * 12 + Math.max(depth - 4, 0) * 4;
  return `min(${full + 2}px, 33%)`;
}

/** One document row with its children: toggle, link, "+" for a child, and a "…" menu. */
export function TreeItem(props: TreeItemProps) {
  const { node, workspaceSlug, currentId, canEdit, isExpanded, onToggle, dragged } = props;
  const [zone, setZone] = useState<DropZone | null>(null);
  const isOpen = isExpanded(node.id);
  const hasChildren = node.children.length > 0;
  const title = displayTitle(node.title);

  const zoneAt = (event: DragEvent<HTMLDivElement>): DropZone => {
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / box.height;
    return y < 0.25 ? "before" : y > 0.75 ? "after" : "inside";
  };

  return (
    <li
      role="treeitem"
      aria-expanded={hasChildren ? isOpen : undefined}
      aria-level={node.depth + 1}
      aria-selected={node.id === currentId}
      aria-labelledby={`tree-link-${node.id}`}
      // Its actions menu (useTreeKeyboard), which nothing else on the row offers the keyboard.
      aria-keyshortcuts={canEdit ? TREE_ITEM_ACTION_KEYS : undefined}
      tabIndex={node.id === props.tabStopId ? 0 : -1}
      {...{ [TREE_ITEM_ATTRIBUTE]: node.id }}
      onFocus={(event) => event.target === event.currentTarget && props.onItemFocus(node.id)}
      // The ring, and the row's "+" and "…", show on this item's own row, not on its children's rows inside it.
      className="outline-none [&:focus-visible>div]:ring-2 [&:focus-visible>div]:ring-focus [&:focus-visible>div>[data-row-actions]]:static [&:focus-visible>div>[data-row-actions]]:translate-y-0 [&:focus-visible>div>[data-row-actions]]:opacity-100"
    >
      <div
        data-testid={`tree-row-${node.id}`}
        draggable={canEdit}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", node.id);
          props.onDragStart(node.id);
        }}
        onDragEnd={props.onDragEnd}
        onDragOver={(event) => {
          if (!dragged || dragged === node.id) return;
          event.preventDefault();
          setZone(zoneAt(event));
        }}
        onDragLeave={() => setZone(null)}
        onDrop={(event) => {
          event.preventDefault();
          setZone(null);
          props.onDrop(node, zoneAt(event));
        }}
        className={`group relative flex min-h-8 items-center gap-0.5 rounded-md pr-1 text-sm hover:bg-border/50 ${node.id === currentId ? "bg-accent-soft font-medium" : ""} ${zone === "inside" ? "ring-2 ring-accent" : ""}`}
        style={{ paddingLeft: indentFor(node.depth) }}
      >
        {zone === "before" ? <span className="absolute inset-x-1 top-0 h-0.5 bg-accent" /> : null}
        {zone === "after" ? <span className="absolute inset-x-1 bottom-0 h-0.5 bg-accent" /> : null}
        <button
          type="button"
          onClick={() => onToggle(node.id)}
          aria-label={isOpen ? `Collapse ${title}` : `Expand ${title}`}
          className={`inline-flex size-6 shrink-0 items-center justify-center rounded text-muted hover:text-fg ${hasChildren ? "" : "invisible"}`}
          tabIndex={-1}
        >
          <svg aria-hidden="true" width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" className={isOpen ? "rotate-90" : ""}>
            <path d="m9 6 6 6-6 6" />
          </svg>
        </button>
        <Link
          id={`tree-link-${node.id}`}
          tabIndex={-1}
          href={`/w/${workspaceSlug}/d/${documentSegment(node)}`}
          aria-current={node.id === currentId ? "page" : undefined}
          onClick={(event) => {
            // A plain click opens it here: what is typed meanwhile is for its body. (Modified clicks open another tab.)
            if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) holdTyping("body", node.id);
          }}
          className="min-w-0 flex-1 truncate py-1"
          title={title}
          // An Arabic or Hebrew title starts at the right and is shortened at its end.
          dir="auto"
        >
          {title}
        </Link>
        {canEdit ? (
          // Hidden until hover or focus (the item's, above, or one of these buttons') or while its menu
          // is open; always shown on touch screens, which have no hover, and in the narrow window's
          // drawer (a phone that reports a hover still has none). Hidden, it lies over the row's end
          // and takes no width from the title; shown, it is in the row and the title ends before it.
          <span
            data-row-actions
            className="absolute top-1/2 right-1 flex shrink-0 -translate-y-1/2 opacity-0 group-focus-within:static group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:static group-hover:translate-y-0 group-hover:opacity-100 has-data-[state=open]:static has-data-[state=open]:translate-y-0 has-data-[state=open]:opacity-100 max-md:static max-md:translate-y-0 max-md:opacity-100 [@media(hover:none)]:static [@media(hover:none)]:translate-y-0 [@media(hover:none)]:opacity-100 [@media(pointer:coarse)]:static [@media(pointer:coarse)]:translate-y-0 [@media(pointer:coarse)]:opacity-100"
          >
            <button
              type="button"
              tabIndex={-1}
              onClick={() => props.onCreateChild(node.id)}
              aria-label={`New document inside ${title}`}
              className="inline-flex size-6 items-center justify-center rounded text-muted hover:bg-border hover:text-fg"
            >
              <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M12 5v14M5 12h14" />
              </svg>
            </button>
            <MoreMenu
              label={`Actions for ${title}`}
              size="sm"
              align="start"
              triggerTabIndex={-1}
              open={props.menuFor === node.id}
              onOpenChange={(isOpenNow) => props.onMenuOpenChange(node.id, isOpenNow)}
              onCloseAutoFocus={(event) => {
                // Back into the tree (its one tab stop), not to the "…" button, which may be hidden.
                event.preventDefault();
                props.onMenuClosed(node.id);
              }}
            >
                  <DropdownMenu.Item className={menuItemClass} onSelect={() => props.onMove(node)}>
                    Move to…
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={menuItemClass} onSelect={() => props.onCreateChild(node.id)}>
                    New document inside
                  </DropdownMenu.Item>
                  <DropdownMenu.Separator className={menuSeparatorClass} />
                  <DropdownMenu.Item className={`${menuItemClass} text-danger`} onSelect={() => props.onTrash(node)}>
                    Move to trash
                  </DropdownMenu.Item>
                </MoreMenu>
          </span>
        ) : null}
      </div>
      {hasChildren && isOpen ? (
        <ul role="group">
          {node.children.map((child) => (
            <TreeItem key={child.id} {...props} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
