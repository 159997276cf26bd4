"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";
import { useReturnFocus } from "@/lib/return-focus";
import { useIsClient } from "@/lib/use-is-client";

// Quill 2's own bindings (quill/modules/keyboard.js, history.js, themes/snow.js) and ours (editor/image-alt.ts,
// editor/toolbar-keyboard.ts, editor/block-shortcuts.ts, editor/slash-menu.ts, editor/tab-keys.ts).
const BODY_SHORTCUTS: Array<[string, string]> = [
  ["Mod+B", "Bold"],
  ["Mod+I", "Italic"],
  ["Mod+U", "Underline"],
  ["Mod+K", "Search and jump (anywhere in Quire; add links with the toolbar's link button)"],
  ["Mod+Z", "Undo"],
  ["Mod+Shift+Z or Mod+Y", "Redo"],
  ["Tab", "Type a tab character; at the start of a list item, quote or indented line, indent it"],
  ["Shift+Tab", "At the start of a list item, quote or indented line, outdent it; right after a tab, delete it; elsewhere, leave the text (back to the toolbar)"],
  ["Tab / Shift+Tab with text selected", "Indent / outdent the selected lines"],
  ["Tab in a code block", "Insert two spaces (with lines selected: indent them by two spaces; Shift+Tab: outdent)"],
  ["Tab / Shift+Tab in a table", "Next / previous cell; Tab in the last cell adds a row"],
  ["Alt+F10 in a table", "Go to the table menu (rows, columns, header row); Esc back to the cell"],
  ["1. then Space", "Start a numbered list"],
  ["- or * then Space", "Start a bulleted list"],
  ["[ ] then Space", "Start a check list"],
  ["#, ## or ### then Space", "Heading 1, 2, 3 (at the start of a line)"],
  ["> then Space", "Quote"],
  ["``` (three backticks)", "Code block"],
  ["**text**", "Bold, as the closing ** is typed"],
  ["*text*", "Italic"],
  ["`text`", "Inline code"],
  ["/ on an empty line", "Insert a block: type to filter, ↑ ↓ to choose, Enter or Tab to insert, Esc to keep the text"],
  ["Mod+Z right after a shortcut", "Back to the characters typed"],
  ["Enter on an empty list item", "End the list"],
  ["Alt+Enter on a selected image", "Describe the image (its alt text)"],
  ["Mod+Alt+1, 2, 3", "Heading 1, 2, 3"],
  ["Mod+Alt+0", "Normal text"],
  ["Esc, then Tab / Shift+Tab", "Leave the text: on to the next / back to the previous control"],
  ["Alt+F10", "Go to the formatting toolbar; again: the document menu"],
  ["Esc in the toolbar", "Back to the text; in the open “More formatting” row, close it"],
  ["← → in the toolbar; ↓ on a picker", "Move between controls; open a picker and choose with ↑ ↓ and Enter"],
];

// The sidebar's document tree (components/document-tree/use-tree-keyboard.ts): one tab stop, the open document's.
const TREE_SHORTCUTS: Array<[string, string]> = [
  ["↑ ↓", "Previous / next document"],
  ["→", "Expand; on an expanded document, go to its first sub-document"],
  ["←", "Collapse; on a collapsed one, go to its parent"],
  ["Home / End", "First / last document"],
  ["A letter", "Next document whose title starts with it"],
  ["Enter", "Open the document"],
  ["Shift+F10 or the Menu key", "The document's actions: Move to…, New document inside, Move to trash"],
];

const GROUPS = [
  { heading: "In the document body", shortcuts: BODY_SHORTCUTS },
  { heading: "In the sidebar's document tree", shortcuts: TREE_SHORTCUTS },
];

/** "Keyboard shortcuts": what the editor's keys do, with ⌘ on Apple devices and Ctrl elsewhere. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const isClient = useIsClient();
  const isApple = isClient && /Mac|iPhone|iPad/.test(navigator.platform);
  const mod = isApple ? "⌘" : "Ctrl";
  const titleRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          // Focus starts on the title, at the top of what is read and scrolled: Radix's default, the
          // only button (Close), sits below the list, out of sight in any window shorter than it.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            titleRef.current?.focus();
          }}
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 max-h-[85dvh] w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-raised p-6 shadow-xl"
        >
          <Dialog.Title ref={titleRef} tabIndex={-1} className="rounded-sm text-lg font-semibold">
            Keyboard shortcuts
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">In the document body and the sidebar&apos;s document tree.</Dialog.Description>
          {GROUPS.map(({ heading, shortcuts }) => (
            <section key={heading}>
              <h3 className="mt-5 text-sm font-semibold">{heading}</h3>
              {/* Keys above what they do in a narrow window: beside them, the longest keys left the text a word a line. */}
              <dl className="mt-2 grid grid-cols-1 gap-x-6 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
                {shortcuts.map(([keys, action]) => (
                  <div key={keys} className="contents">
                    <dt>
                      <kbd className="rounded border border-border bg-surface px-1.5 py-0.5 font-mono text-xs">{keys.replaceAll("Mod", mod)}</kbd>
                    </dt>
                    <dd className="mb-2.5 mt-1 sm:my-0">{action}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <Dialog.Close className="mt-6 inline-flex min-h-10 items-center rounded-md border border-border px-4 text-sm font-medium hover:bg-surface">Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
