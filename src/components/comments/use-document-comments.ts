"use client";

import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { EditorHandle } from "@/components/document-editor";
import type { CommentEditor } from "@/editor/comments/comment-editor";
import type { EncodedAnchor } from "@/shared/comments/anchors";
import { listCommentThreadsAction, reanchorCommentThreadAction } from "@/server/actions/comment-actions";
import { reachServer } from "@/lib/reach-server";
import type { CommentThreadDto, CommentThreadListDto } from "@/shared/comments/comment-dto";
import { COMMENTS_CHANGED_MESSAGE } from "@/shared/comments/comment-rules";
import { CommentDraftStore, commentDraftsKey } from "./comment-drafts";
import { useLinkedComment } from "./use-linked-comment";

/** A new thread being written: on a range of the text (its anchor, which follows the text), or (null) on the whole document. */
export interface CommentDraft {
  anchor: EncodedAnchor | null;
  quote: string;
}

/**
 * A thread as the panel lists it, in document order, and whether its text is deleted. Where its
 * text is exactly is asked of the controller when needed (rangeOf): it moves with every keystroke.
 */
export interface PlacedThread {
  thread: CommentThreadDto;
  isOnDeletedText: boolean;
}

const NOTHING = () => () => {};

/**
 * A document's comments on its page: the threads (re-read whenever the document's connection
 * says they changed, and when it reconnects), the editor's highlights and "Comment" entry points,
 * the panel's open state, the draft and the active thread.
 */
export function useDocumentComments({
  userId,
  documentId,
  provider,
  editor,
  canComment,
  canEdit,
}: {
  /** Whose drafts this page keeps (comment-drafts.ts). */
  userId: string;
  documentId: string;
  provider: HocuspocusProvider | null;
  editor: EditorHandle | null;
  canComment: boolean;
  /** May edit the text: their undo that brings a thread's words back re-anchors it. */
  canEdit: boolean;
}) {
  const [list, setList] = useState<CommentThreadListDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState<CommentDraft | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [controller, setController] = useState<CommentEditor | null>(null);
  const latest = useRef(0);
  // Replies and edits being written, kept on this device per person and document.
  const drafts = useMemo(() => new CommentDraftStore(commentDraftsKey(userId, documentId)), [userId, documentId]);
  // Words kept from an earlier visit (a reload, a closed tab) are shown, not left behind a closed panel.
  useEffect(() => {
    // localStorage is read after hydration, which rendered the panel closed.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!drafts.isEmpty()) setIsOpen(true);
  }, [drafts]);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    const result = await reachServer(() => listCommentThreadsAction({ documentId }));
    if (request !== latest.current) return; // a newer read is under way
    if (result.ok) {
      setList(result.data);
      setError(null);
    } else setError(result.message);
  }, [documentId]);

  useEffect(() => {
    // reload sets state only after the server answers, never during the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  useEffect(() => {
    if (!provider) return;
    const onStateless = ({ payload }: { payload: string }) => {
      if (payload === COMMENTS_CHANGED_MESSAGE) void reload();
    };
    // A nudge sent while offline is lost: read again on every (re)connection.
    const onSynced = () => void reload();
    provider.on("stateless", onStateless);
    provider.on("synced", onSynced);
    return () => {
      provider.off("stateless", onStateless);
      provider.off("synced", onSynced);
    };
  }, [provider, reload]);

  useEffect(() => {
    if (!editor) return;
    let isCancelled = false;
    let built: CommentEditor | null = null;
    void import("@/editor/comments/comment-editor").then(({ CommentEditor: Controller }) => {
      if (isCancelled) return;
      built = new Controller(editor.quill, editor.doc, editor.body, {
        canComment,
        onComment: (range) => {
          if (!built) return;
          setDraft(built.anchorFor(range));
          setActiveId(null);
          setIsOpen(true);
        },
        onActivate: (threadId) => setActiveId(threadId),
        // Failing is harmless: the thread stays "on deleted text", as it was before the undo.
        onReanchor: canEdit ? (threadId, anchor) => void reachServer(() => reanchorCommentThreadAction({ threadId, anchor })).then((result) => (result.ok ? reload() : undefined)) : undefined,
      });
      setController(built);
    });
    return () => {
      isCancelled = true;
      built?.destroy();
      setController(null);
    };
  }, [editor, canComment, canEdit, reload]);

  useEffect(() => {
    controller?.setThreads(
      (list?.threads ?? []).map((t) => ({ id: t.id, anchor: t.anchor, quote: t.quote, isResolved: t.resolvedAt !== null })),
      activeId,
    );
  }, [controller, list, activeId]);

  // Re-placed when the controller says the order or the deleted ones changed (not per keystroke).
  const textVersion = useSyncExternalStore(controller?.subscribe ?? NOTHING, controller?.getVersion ?? zero, zero);
  const placed = useMemo(() => placeThreads(list?.threads ?? [], controller), [list, controller, textVersion]); // eslint-disable-line react-hooks/exhaustive-deps -- textVersion stands for the text

  const openLinked = useCallback((threadId: string | null) => {
    setIsOpen(true);
    setActiveId(threadId);
  }, []);
  const linkNotice = useLinkedComment({ list, controller, open: openLinked });

  const openCount = list?.threads.filter((t) => t.resolvedAt === null).length ?? 0;
  return { documentId, drafts, list, error, linkNotice, reload, placed, openCount, isOpen, setIsOpen, draft, setDraft, activeId, setActiveId, controller, canComment: list?.canComment ?? canComment };
}

export type DocumentComments = ReturnType<typeof useDocumentComments>;

function zero() {
  return 0;
}

/** Document order: threads on the whole document first, then by where their text is, then those on deleted text. */
function placeThreads(threads: CommentThreadDto[], controller: CommentEditor | null): PlacedThread[] {
  const placed = threads.map((thread) => {
    const range = controller ? controller.rangeOf(thread.anchor) : null;
    const rank = thread.anchor === null ? -1 : range ? range.index : Number.MAX_SAFE_INTEGER;
    return { thread, rank, isOnDeletedText: thread.anchor !== null && controller !== null && range === null };
  });
  return placed.sort((a, b) => a.rank - b.rank || a.thread.createdAt.localeCompare(b.thread.createdAt)).map(({ thread, isOnDeletedText }) => ({ thread, isOnDeletedText }));
}
