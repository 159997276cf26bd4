"use client";

import type { KeyboardEvent } from "react";
import { useEffect, useReducer, useRef, useState } from "react";
import { createCommentThreadAction } from "@/server/actions/comment-actions";
import { reachServer } from "@/lib/reach-server";
import type { CommentThreadListDto } from "@/shared/comments/comment-dto";
import { CommentComposer } from "./comment-composer";
import type { CommentDraftKind, CommentDraftStore, KeptCommentDraft } from "./comment-drafts";
import { CommentThreadCard } from "./comment-thread-card";
import { KeptCommentDraftBox, keptDraftNotice } from "./kept-comment-draft";
import type { DocumentComments } from "./use-document-comments";
import "./comments.css";

/** ArrowUp / ArrowDown between the threads' first-line buttons: the keyboard walks the threads. */
function walkThreads(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const target = event.target as HTMLElement;
  if (!target.matches("[data-thread-nav]")) return;
  const all = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("[data-thread-nav]"));
  const next = all[all.indexOf(target) + (event.key === "ArrowDown" ? 1 : -1)];
  if (next) {
    event.preventDefault();
    next.focus();
    next.click();
  }
}

/** focusThread's value for "Resolved (n)": the last open thread was resolved. */
const RESOLVED_TOGGLE = "resolved-toggle";

/**
 * The comments panel (docs/product.md "Comments"): beside the text on wide screens, a sheet over
 * the bottom of narrow ones. Open threads in document order, then the resolved ones; a new
 * thread's composer on top while one is being written.
 */
export function CommentsPanel({ comments }: { comments: DocumentComments }) {
  const { list, placed, draft, setDraft, activeId, setActiveId, controller, reload, canComment, error, drafts } = comments;
  const [showResolved, setShowResolved] = useState(false);
  // A kept draft discarded: drafts live in storage, not in state.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const panelRef = useRef<HTMLElement>(null);
  const announce = useAnnouncement();
  // Replies and edits whose thread or comment is gone: their words stay, offered to copy, and it is said.
  const orphans = list ? orphanedDrafts(drafts, list) : [];
  const saidOrphans = useRef(new Set<string>());
  useEffect(() => {
    for (const orphan of orphans) {
      const key = `${orphan.kind}:${orphan.id}`;
      if (saidOrphans.current.has(key)) continue;
      saidOrphans.current.add(key);
      announce.say(keptDraftNotice(orphan.kind, orphan.draft.subject));
    }
  });
  // The thread just posted, resolved or reopened (or what follows it): focus goes there once the
  // list has it and the element that had the focus is gone (the composer, the moved card's button).
  const focusThread = useRef<string | null>(null);
  useEffect(() => {
    const threadId = focusThread.current;
    const panel = panelRef.current;
    if (!threadId || !panel) return;
    const heading = panel.querySelector<HTMLElement>("#comments-heading");
    const active = document.activeElement;
    const isWaiting = !active || active === document.body || active === heading;
    const target =
      threadId === RESOLVED_TOGGLE
        ? panel.querySelector<HTMLElement>("[data-resolved-toggle]")
        : panel.querySelector<HTMLElement>(`[data-thread-id="${CSS.escape(threadId)}"] [data-thread-nav]`);
    if (!isWaiting) {
      // Still on the button that acted (its card not moved yet): wait. Moved on elsewhere: never steal it.
      if (active && !panel.contains(active)) focusThread.current = null;
      return;
    }
    if (target) {
      focusThread.current = null;
      target.focus();
    } else heading?.focus(); // not listed yet (a newer read is under way): the heading meanwhile, not <body>
  });
  if (!comments.isOpen) return null;
  const open = placed.filter((p) => p.thread.resolvedAt === null);
  const resolved = placed.filter((p) => p.thread.resolvedAt !== null);
  // A reply being written in a thread someone else resolved meanwhile opens the resolved list, and
  // it stays open once the reply is sent (React's state set during render, for state that follows props).
  if (!showResolved && resolved.some((p) => drafts.has("reply", p.thread.id))) setShowResolved(true);
  // The active thread is always in sight: a link to a resolved one (use-linked-comment.ts) shows them.
  const isResolvedShown = showResolved || resolved.some((p) => p.thread.id === activeId);
  // Resolve and Reopen move the thread to the other list, taking the focused button with it: the
  // focus goes to the next open thread (else the previous, else "Resolved (n)"), or to the thread
  // reopened, and the change is said.
  const afterResolvedChange = (threadId: string, isNowResolved: boolean) => {
    if (isNowResolved) {
      const at = open.findIndex((p) => p.thread.id === threadId);
      focusThread.current = (open[at + 1] ?? open[at - 1])?.thread.id ?? RESOLVED_TOGGLE;
    } else focusThread.current = threadId;
    announce.say(isNowResolved ? "Thread resolved." : "Thread reopened.");
  };
  // On the draft's words where they are now (its anchor), not at the offsets they had when it was
  // opened: a co-editor may have typed above them meanwhile.
  const backToText = () => controller?.focus(draft ? controller.rangeOf(draft.anchor) : null);

  const card = (p: (typeof placed)[number]) => (
    <CommentThreadCard
      key={p.thread.id}
      placed={p}
      isActive={p.thread.id === activeId}
      canComment={canComment}
      onChanged={() => void reload()}
      onAnnounce={announce.say}
      onResolvedChange={(isNowResolved) => afterResolvedChange(p.thread.id, isNowResolved)}
      drafts={drafts}
      onEscape={() => controller?.focus(controller.rangeOf(p.thread.anchor))}
      onShow={() => {
        setActiveId(p.thread.id);
        if (controller?.rangeOf(p.thread.anchor)) controller.reveal(p.thread.id);
      }}
    />
  );

  return (
    <aside ref={panelRef} aria-labelledby="comments-heading" className="comments-panel" data-testid="comments-panel" onKeyDown={walkThreads}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="comments-heading" tabIndex={-1} className="text-base font-semibold">
          Comments
        </h2>
        <button type="button" className="rounded-md px-2 py-1 text-sm hover:bg-surface" onClick={() => comments.setIsOpen(false)}>
          Close
        </button>
      </div>
      <p role="status" className="sr-only" data-testid="comments-announcement">
        {announce.text}
      </p>
      {error ? (
        <p role="alert" className="mb-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {orphans.map((orphan) => (
        <KeptCommentDraftBox
          key={`${orphan.kind}:${orphan.id}`}
          kind={orphan.kind}
          draft={orphan.draft}
          onDiscard={() => {
            drafts.delete(orphan.kind, orphan.id);
            redraw();
            panelRef.current?.querySelector<HTMLElement>("#comments-heading")?.focus();
          }}
        />
      ))}
      {comments.linkNotice ? (
        <p role="status" className="mb-2 text-sm text-muted" data-testid="linked-comment-notice">
          {comments.linkNotice}
        </p>
      ) : null}
      {draft ? (
        <div className="mb-3 rounded-lg border border-accent p-3" data-testid="new-comment">
          <p className="mb-2 truncate text-xs text-muted">{draft.anchor ? `“${draft.quote}”` : "On the document"}</p>
          <CommentComposer
            label="Comment"
            submitLabel="Comment"
            autoFocus
            onCancel={() => {
              setDraft(null);
              backToText();
            }}
            // Escape goes back to the text (docs/product.md "Comments") and keeps what was written:
            // the box stays, to finish or cancel. Only Cancel lets it go.
            onEscape={backToText}
            onSubmit={async (body) => {
              const result = await reachServer(() => createCommentThreadAction({ documentId: comments.documentId, anchor: draft.anchor, quote: draft.quote, body }));
              if (result.ok) {
                setActiveId(result.data.threadId);
                // Read first, so the thread is there to take the focus as its composer goes.
                await reload();
                focusThread.current = result.data.threadId;
                setDraft(null);
                announce.say("Comment posted.");
              }
              return result;
            }}
          />
        </div>
      ) : canComment ? (
        <button type="button" className="mb-3 text-sm font-medium text-accent underline" onClick={() => setDraft({ anchor: null, quote: "" })}>
          Comment on the document
        </button>
      ) : null}
      {list === null ? (
        <p className="text-sm text-muted">Loading comments…</p>
      ) : open.length === 0 && !draft ? (
        <p className="text-sm text-muted">{canComment ? "No open comments. Select text and choose Comment (Ctrl+Alt+M)." : "No open comments."}</p>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label="Open comments">
        {open.map(card)}
      </ul>
      {resolved.length > 0 ? (
        <div className="mt-4">
          <button
            type="button"
            data-resolved-toggle
            aria-expanded={isResolvedShown}
            className="text-sm font-medium text-muted hover:text-fg"
            onClick={() => setShowResolved(!isResolvedShown)}
          >
            Resolved ({resolved.length})
          </button>
          {isResolvedShown ? (
            <ul className="mt-2 flex flex-col gap-3" aria-label="Resolved comments">
              {resolved.map(card)}
            </ul>
          ) : null}
        </div>
      ) : null}
    </aside>
  );
}

/** A kept reply or edit whose thread or comment is no longer there (deleted by someone else). */
interface OrphanedDraft {
  kind: CommentDraftKind;
  id: string;
  draft: KeptCommentDraft;
}

/** The kept drafts `list` no longer has a place for: a reply's thread gone, an edit's comment gone or deleted. */
function orphanedDrafts(drafts: CommentDraftStore, list: CommentThreadListDto): OrphanedDraft[] {
  const threads = new Set(list.threads.map((t) => t.id));
  const comments = new Set(list.threads.flatMap((t) => t.comments.filter((c) => !c.isDeleted).map((c) => c.id)));
  const gone = (kind: CommentDraftKind, live: Set<string>) =>
    Object.entries(drafts.all(kind))
      .filter(([id]) => !live.has(id))
      .map(([id, draft]) => ({ kind, id, draft }));
  return [...gone("reply", threads), ...gone("edit", comments)];
}

/**
 * What the panel's status line says. The same sentence twice in a row is said twice: it alternates
 * with a trailing no-break space, since a live region announces only a change of its text.
 */
function useAnnouncement() {
  const [said, setSaid] = useState({ text: "", count: 0 });
  return {
    text: said.text + (said.count % 2 === 1 ? "\u00a0" : ""),
    say: (text: string) => setSaid((previous) => ({ text, count: previous.count + 1 })),
  };
}

/** The header's "Comments" button, with how many threads are open (read as "Comments 2 open threads"). */
export function CommentsButton({ comments }: { comments: DocumentComments }) {
  const count = comments.openCount;
  return (
    <button
      type="button"
      aria-expanded={comments.isOpen}
      data-testid="comments-button"
      data-open-count={count}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-md border border-border px-3 font-medium hover:bg-surface"
      onClick={() => comments.setIsOpen(!comments.isOpen)}
    >
      Comments
      {count > 0 ? <span className="rounded-full bg-accent px-1.5 text-xs text-accent-fg">{count}</span> : null}
      <span className="sr-only">{count === 0 ? "(none open)" : count === 1 ? "open thread" : "open threads"}</span>
    </button>
  );
}
