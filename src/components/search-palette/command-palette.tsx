"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { useReturnFocus } from "@/lib/return-focus";
import { holdTyping } from "@/lib/typing-handoff";
import { createDocumentAction, listRecentDocumentsAction } from "@/server/actions/document-actions";
import { reachServer } from "@/lib/reach-server";
import { confirmLeaving } from "@/lib/use-leave-guard";
import type { DocumentSummaryDto } from "@/shared/dto";
import { displayTitle, documentSegment } from "@/shared/document-slug";
import { openNewFromTemplate } from "@/components/template-picker/template-events";
import { OPEN_SEARCH_EVENT } from "./search-events";
import { Snippet, resultPath } from "./search-hit";
import { useSearch } from "./use-search";

const PALETTE_RESULTS = 8;

interface PaletteAction {
  id: string;
  label: string;
  run: () => void;
}

/**
 * The Ctrl/Cmd-K palette: searches the workspace as you type, and jumps to recent documents and
 * to actions. One instance lives in the app shell; Ctrl/Cmd-K anywhere (the editor included:
 * it takes the key from Quill's link shortcut, see ShortcutsDialog) or the sidebar's "Search"
 * opens it.
 */
export function CommandPalette({ workspaceId, workspaceSlug, canEdit }: { workspaceId: string; workspaceSlug: string; canEdit: boolean }) {
  const router = useRouter();
  const [isOpen, setIsOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  const [query, setQuery] = useState("");
  const [selection, setSelection] = useState({ key: "", value: "" });
  const [recent, setRecent] = useState<DocumentSummaryDto[] | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [isCreating, startCreating] = useTransition();
  const search = useSearch(workspaceId, isOpen ? query : "", PALETTE_RESULTS, openings);
  const base = `/w/${workspaceSlug}`;
  // Closed to go somewhere: focus must not return to where it was (the old document's editor would take the next keys).
  const [isLeaving, setIsLeaving] = useState(false);
  // Otherwise back where it was opened: the caret in the text (Ctrl+K from the body), the "Search" button.
  const returnFocus = useReturnFocus(isOpen);

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      // Capture phase, stopped here: Quill binds Mod+K to "link" on the editor root.
      event.preventDefault();
      event.stopPropagation();
      setIsLeaving(false);
      setIsOpen((open) => {
        if (open) setQuery("");
        else setOpenings((n) => n + 1);
        return !open;
      });
    };
    const handleOpen = () => {
      setIsLeaving(false);
      setIsOpen(true);
      setOpenings((n) => n + 1);
    };
    window.addEventListener("keydown", handleKey, { capture: true });
    window.addEventListener(OPEN_SEARCH_EVENT, handleOpen);
    return () => {
      window.removeEventListener("keydown", handleKey, { capture: true });
      window.removeEventListener(OPEN_SEARCH_EVENT, handleOpen);
    };
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    reachServer(() => listRecentDocumentsAction({ workspaceId })).then((result) => {
      if (isCurrent) setRecent(result.ok ? result.data : []);
    });
    return () => {
      isCurrent = false;
    };
  }, [isOpen, workspaceId]);

  const leave = () => {
    setIsLeaving(true);
    setIsOpen(false);
    setQuery("");
  };
  /**
   * Runs `proceed` once the page may be left: a page holding unsaved work asks first, over the
   * palette, which stays open (and keeps focus) if the person stays (lib/use-leave-guard).
   */
  const leavingThen = (proceed: () => void) => {
    void confirmLeaving().then((mayLeave) => mayLeave && proceed());
  };
  const go = (href: string) =>
    leavingThen(() => {
      leave();
      router.push(href);
    });
  const openDocument = (documentId: string, href: string) =>
    leavingThen(() => {
      holdTyping("body", documentId); // keys typed while it opens go into its body
      leave();
      router.push(href);
    });
  const actions: PaletteAction[] = [
    ...(canEdit
      ? [
          {
            id: "new",
            label: isCreating ? "Creating…" : "New document",
            // Asked before it is created: staying must leave no abandoned document behind.
            run: () =>
              leavingThen(() => {
                // Closed at once, so what is typed while it is created is held for its title rather
                // than typed into the search field; a failure opens the palette again to say why.
                const hold = holdTyping("title");
                leave();
                startCreating(async () => {
                  const result = await reachServer(() => createDocumentAction({ workspaceId }));
                  if (!result.ok) {
                    hold.release();
                    setIsLeaving(false);
                    setIsOpen(true);
                    return setActionError(result.message);
                  }
                  hold.forDocument(result.data.id);
                  router.push(`${base}/d/${documentSegment(result.data)}`);
                });
              }),
          },
          {
            id: "new-from-template",
            label: "New from template",
            run: () => {
              leave();
              openNewFromTemplate();
            },
          },
        ]
      : []),
    { id: "search-page", label: "Open the search page", run: () => go(`${base}/search`) },
    { id: "settings", label: "Settings", run: () => go(`${base}/settings`) },
    { id: "trash", label: "Trash", run: () => go(`${base}/trash`) },
  ];
  const text = query.trim();
  const results = "results" in search ? search.results : [];
  const shownActions = text ? actions.filter((a) => a.label.toLowerCase().includes(text.toLowerCase())) : actions;
  const shownRecent = text ? [] : (recent ?? []);
  const values = [
    ...results.map((r) => `doc:${r.id}`),
    ...(text ? ["all-results"] : []),
    ...shownRecent.map((d) => `recent:${d.id}`),
    ...shownActions.map((a) => `action:${a.id}`),
  ];
  // Results arrive after typing: a new list starts with its first row highlighted.
  const valuesKey = values.join(",");
  const selected = selection.key === valuesKey ? selection.value : (values[0] ?? "");
  const setSelected = (value: string) => setSelection({ key: valuesKey, value });

  const status = describe(search, text);
  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        // Each opening starts afresh (and searches again: the text may have changed meanwhile).
        if (!open) {
          setActionError(null);
          setQuery("");
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (isLeaving) event.preventDefault();
            returnFocus(event);
          }}
          className="fixed left-1/2 top-[8dvh] z-50 flex max-h-[80dvh] w-[min(38rem,94vw)] -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-border bg-raised shadow-xl"
        >
          <Dialog.Title className="sr-only">Search and jump</Dialog.Title>
          <Command shouldFilter={false} value={selected} onValueChange={setSelected} label="Search documents and actions" className="flex min-h-0 flex-col">
            <div className="flex items-center gap-2 border-b border-border px-3">
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="shrink-0 text-muted">
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-3.5-3.5" />
              </svg>
              <Command.Input
                value={query}
                onValueChange={setQuery}
                placeholder="Search documents, or type a command…"
                className="min-h-12 w-full bg-transparent text-base outline-none placeholder:text-muted"
              />
            </div>
            <p role="status" className="sr-only">
              {status}
            </p>
            <Command.List className="min-h-0 overflow-y-auto p-2" data-testid="palette-list">
              {search.status === "error" ? (
                <p role="alert" className="px-3 py-2 text-sm text-danger">
                  {search.message}
                </p>
              ) : null}
              {actionError ? (
                <p role="alert" className="px-3 py-2 text-sm text-danger">
                  {actionError}
                </p>
              ) : null}
              {text && search.status === "done" && results.length === 0 ? (
                <p className="px-3 py-2 text-sm text-muted">No documents match “{text}”.</p>
              ) : null}
              {results.length > 0 ? (
                <Command.Group heading="Documents" className={GROUP_CLASS}>
                  {results.map((result) => {
                    const path = resultPath(result);
                    return (
                      <Command.Item key={result.id} value={`doc:${result.id}`} onSelect={() => openDocument(result.id, result.url)} className={ITEM_CLASS}>
                        <span className="flex min-w-0 flex-col">
                          <span className="truncate font-medium">{displayTitle(result.title)}</span>
                          {path ? <span className="truncate text-xs text-muted">{path}</span> : null}
                          <Snippet html={result.snippet} className="line-clamp-2 text-xs text-muted" />
                        </span>
                      </Command.Item>
                    );
                  })}
                </Command.Group>
              ) : null}
              {text ? (
                <Command.Item value="all-results" onSelect={() => go(`${base}/search?q=${encodeURIComponent(query)}`)} className={ITEM_CLASS}>
                  See all results for “{text}”
                </Command.Item>
              ) : null}
              {shownRecent.length > 0 ? (
                <Command.Group heading="Recent documents" className={GROUP_CLASS}>
                  {shownRecent.map((doc) => (
                    <Command.Item key={doc.id} value={`recent:${doc.id}`} onSelect={() => openDocument(doc.id, `${base}/d/${documentSegment(doc)}`)} className={ITEM_CLASS}>
                      <span className="truncate">{displayTitle(doc.title)}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {shownActions.length > 0 ? (
                <Command.Group heading="Actions" className={GROUP_CLASS}>
                  {shownActions.map((action) => (
                    <Command.Item key={action.id} value={`action:${action.id}`} onSelect={action.run} className={ITEM_CLASS}>
                      {action.label}
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
            </Command.List>
          </Command>
          <p className="hidden border-t border-border px-3 py-2 text-xs text-muted sm:block">↑↓ to move, Enter to open, Esc to close</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const GROUP_CLASS = "[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted";
const ITEM_CLASS =
  "flex min-h-10 cursor-pointer select-none items-center gap-2 rounded-md px-3 py-1.5 text-sm text-fg outline-none data-[selected=true]:bg-accent-soft";

function describe(search: ReturnType<typeof useSearch>, text: string): string {
  if (!text) return "";
  if (search.status === "loading") return "Searching…";
  if (search.status === "error") return search.message;
  if (search.status !== "done") return "";
  const n = search.results.length;
  if (n === 0) return `No documents match “${text}”.`;
  return `${n}${search.hasMore ? "+" : ""} ${n === 1 ? "document" : "documents"} found.`;
}
