"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { replyToThreadAction, setThreadResolvedAction } from "@/server/actions/comment-actions";
import { reachServer } from "@/lib/reach-server";
import type { ComposerDraft } from "./comment-composer";
import { CommentComposer } from "./comment-composer";
import type { CommentDraftStore } from "./comment-drafts";
import { CommentItem } from "./comment-item";
import { replyBoxNames, threadSubject } from "./comment-names";
import { commentElementId } from "@/shared/comments/comment-link";
import type { PlacedThread } from "./use-document-comments";

/** Where a thread is: the words it is on, the whole document, or text since deleted. */
function placeLabel({ thread, isOnDeletedText }: PlacedThread): string {
  if (thread.anchor === null) return "On the document";
  return isOnDeletedText ? `On deleted text: “${thread.quote}”` : `“${thread.quote}”`;
}

/**
 * One thread in the panel. Its first line is a button that shows the thread's text in the editor;
 * ArrowUp and ArrowDown on it walk the threads (comments-panel.tsx). A reply being written lives in
 * the page's kept drafts (comment-drafts.ts), not only here: when someone else resolves or reopens
 * the thread, the card moves to the other list and is mounted anew, and the reply comes back with
 * it; so it does after a reload, and the panel offers it to copy if the thread is deleted.
 */
export function CommentThreadCard({
  placed,
  isActive,
  canComment,
  onShow,
  onChanged,
  onEscape,
  onAnnounce,
  onResolvedChange,
  drafts,
}: {
  placed: PlacedThread;
  isActive: boolean;
  canComment: boolean;
  onShow: () => void;
  onChanged: () => void;
  onEscape: () => void;
  /** Says something in the panel's status line ("Reply posted."). */
  onAnnounce: (text: string) => void;
  /** This person resolved or reopened the thread: the panel says so and places the focus. */
  onResolvedChange: (resolved: boolean) => void;
  /** Replies and edits being written (kept by the page, which outlives the card, and on the device). */
  drafts: CommentDraftStore;
}) {
  const { thread } = placed;
  const draft = drafts.get("reply", thread.id);
  const [isReplying, setIsReplying] = useState(() => draft !== undefined);
  // "Ana's thread on “brown fox”": every thread has a Reply and a Resolve, told apart by name; so
  // are a reply box's text box and buttons, and a kept reply says it if the thread goes.
  const subject = threadSubject(thread, placed.isOnDeletedText);
  const keepDraft = useCallback((next: ComposerDraft) => drafts.set("reply", thread.id, { ...next, subject }), [drafts, thread.id, subject]);
  // A reply sent: its composer goes, and focus goes to the Reply button that comes back in its place.
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const isReplySent = useRef(false);
  useEffect(() => {
    if (isReplying || !isReplySent.current) return;
    isReplySent.current = false;
    replyButtonRef.current?.focus();
  }, [isReplying]);
  const [error, setError] = useState<string | null>(null);
  const isResolved = thread.resolvedAt !== null;
  const act = async (resolved: boolean) => {
    const result = await reachServer(() => setThreadResolvedAction({ threadId: thread.id, resolved }));
    if (result.ok) {
      onResolvedChange(resolved);
      onChanged();
    } else setError(result.message);
  };
  return (
    <li
      className={`rounded-lg border p-3 ${isActive ? "border-accent bg-accent-soft/40" : "border-border bg-raised"}`}
      data-testid="comment-thread"
      data-thread-id={thread.id}
      data-state={isResolved ? "resolved" : placed.isOnDeletedText ? "deleted-text" : "open"}
    >
      <button
        type="button"
        data-thread-nav
        aria-current={isActive ? "true" : undefined}
        className={`mb-2 block w-full truncate text-left text-xs ${placed.isOnDeletedText ? "italic text-muted" : "text-muted"} hover:text-fg`}
        onClick={onShow}
      >
        {placeLabel(placed)}
      </button>
      <ol className="flex flex-col gap-3">
        {thread.comments.map((comment) => (
          // Focusable from script only: a link to the comment (use-linked-comment.ts) lands here.
          <li key={comment.id} id={commentElementId(comment.id)} tabIndex={-1} className="rounded focus-visible:outline-2 focus-visible:outline-accent">
            <CommentItem comment={comment} canReact={canComment} drafts={drafts} onChanged={onChanged} onError={setError} />
          </li>
        ))}
      </ol>
      {error ? (
        <p role="alert" className="mt-2 text-xs text-danger">
          {error}
        </p>
      ) : null}
      {canComment ? (
        <div className="mt-2 flex flex-col gap-2">
          {isReplying ? (
            <CommentComposer
              label="Reply"
              submitLabel="Reply"
              names={replyBoxNames(subject)}
              // Mounted anew with a kept draft (the thread changed lists): the focus comes back only if it was lost.
              autoFocus={draft ? "if-lost" : true}
              initialText={draft?.text}
              initialMentions={draft?.mentions}
              onDraftChange={keepDraft}
              onCancel={() => {
                drafts.delete("reply", thread.id);
                setIsReplying(false);
                onEscape();
              }}
              // Back to the text with the reply kept, to finish or cancel later.
              onEscape={onEscape}
              onSubmit={async (body) => {
                const result = await reachServer(() => replyToThreadAction({ threadId: thread.id, body }));
                if (result.ok) {
                  drafts.delete("reply", thread.id);
                  isReplySent.current = true;
                  setIsReplying(false);
                  onChanged();
                  onAnnounce("Reply posted.");
                }
                return result;
              }}
            />
          ) : (
            <div className="flex gap-2">
              <button ref={replyButtonRef} type="button" className="rounded-md border border-border px-2 py-1 text-xs hover:bg-surface" aria-label={`Reply to ${subject}`} onClick={() => setIsReplying(true)}>
                Reply
              </button>
              <button
                type="button"
                className="rounded-md border border-border px-2 py-1 text-xs hover:bg-surface"
                aria-label={`${isResolved ? "Reopen" : "Resolve"} ${subject}`}
                onClick={() => void act(!isResolved)}
              >
                {isResolved ? "Reopen" : "Resolve"}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </li>
  );
}
