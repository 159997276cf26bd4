import type { KeyboardEvent, RefObject } from "react";
import { useState } from "react";
import { displayTitle } from "@/shared/document-slug";
import type { TreeNode } from "./build-tree";

/** Where each tree item can be found in the page, by document id. */
export const TREE_ITEM_ATTRIBUTE = "data-tree-id";

/** What a tree item announces as its keys beside the arrows (aria-keyshortcuts): its actions menu. */
export const TREE_ITEM_ACTION_KEYS = "Shift+F10 ContextMenu";

/**
 * The item of document `id` in this tree. Looked up inside the tree, not the page: below 768 px
 * the open drawer holds a second tree, and the page's first match is the hidden sidebar's.
 */
export function treeItemIn(root: ParentNode | null, id: string): HTMLElement | null {
  return root?.querySelector<HTMLElement>(`[${TREE_ITEM_ATTRIBUTE}="${CSS.escape(id)}"]`) ?? null;
}

interface TreeKeyboardOptions {
  /** The tree's element, where its items are looked up. */
  treeRef: RefObject<HTMLElement | null>;
  /** The items as shown, top to bottom (visibleNodes). */
  visible: TreeNode[];
  /** The document open in the page, the tab stop when nothing else was focused. */
  currentId: string | null;
  isExpanded: (id: string) => boolean;
  setExpanded: (id: string, isOpen: boolean) => void;
  /** Enter on an item: open its document. */
  onOpen: (node: TreeNode) => void;
  /** Shift+F10 or the context-menu key on an item: its actions. */
  onActions: (node: TreeNode) => void;
}

/**
 * The WAI-ARIA tree pattern (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/): the tree is
 * one tab stop (roving tabindex); Up and Down move between the items shown, Right expands a
 * closed item or enters an open one, Left collapses an open item or goes to its parent, Home
 * and End go to the first and last item, a letter to the next item starting with it, Enter opens.
 */
export function useTreeKeyboard({ treeRef, visible, currentId, isExpanded, setExpanded, onOpen, onActions }: TreeKeyboardOptions) {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const ids = new Set(visible.map((node) => node.id));
  // The tab stop: the item last focused if still shown, else the open document's, else the first.
  const tabStopId = (focusedId && ids.has(focusedId) ? focusedId : null) ?? (currentId && ids.has(currentId) ? currentId : null) ?? visible[0]?.id ?? null;

  /** Focuses document `id`'s item, the tab stop from now on. */
  const focus = (id: string | undefined) => {
    if (!id) return;
    setFocusedId(id);
    treeItemIn(treeRef.current, id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>(`[${TREE_ITEM_ATTRIBUTE}]`);
    // Keys typed in the row's own controls (its actions menu is a portal, outside the tree) stay theirs.
    if (!item || item !== event.target) return;
    const index = visible.findIndex((node) => node.id === item.getAttribute(TREE_ITEM_ATTRIBUTE));
    const node = visible[index];
    if (!node) return;
    const hasChildren = node.children.length > 0;
    const handled = (() => {
      switch (event.key) {
        case "ArrowDown":
          return focus(visible[index + 1]?.id), true;
        case "ArrowUp":
          return focus(visible[index - 1]?.id), true;
        case "Home":
          return focus(visible[0]?.id), true;
        case "End":
          return focus(visible.at(-1)?.id), true;
        case "ArrowRight":
          if (hasChildren && !isExpanded(node.id)) setExpanded(node.id, true);
          else if (hasChildren) focus(node.children[0]?.id);
          return true;
        case "ArrowLeft":
          if (hasChildren && isExpanded(node.id)) setExpanded(node.id, false);
          else focus(node.parentId ?? undefined);
          return true;
        case "Enter":
          return onOpen(node), true;
        case "ContextMenu":
          return onActions(node), true;
        case "F10":
          return event.shiftKey ? (onActions(node), true) : false;
        default:
          return typeAhead(event.key, index);
      }
    })();
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  /** A printable letter: the next item (after this one, wrapping) whose title starts with it. */
  const typeAhead = (key: string, from: number): boolean => {
    if (key.length !== 1 || !/\S/.test(key)) return false;
    const letter = key.toLocaleLowerCase();
    const order = [...visible.slice(from + 1), ...visible.slice(0, from + 1)];
    focus(order.find((node) => displayTitle(node.title).toLocaleLowerCase().startsWith(letter))?.id);
    return true;
  };

  return { tabStopId, onKeyDown, onItemFocus: setFocusedId, focus };
}
