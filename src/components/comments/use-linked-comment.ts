"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { CommentEditor } from "@/editor/comments/comment-editor";
import { commentElementId, linkedCommentId } from "@/shared/comments/comment-link";
import type { CommentThreadDto, CommentThreadListDto } from "@/shared/comments/comment-dto";

export const LINKED_COMMENT_GONE = "The comment this link points to was deleted.";

function subscribeToHash(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}
const currentHash = () => window.location.hash;
const noHash = () => "";

interface LinkedComment {
  thread: CommentThreadDto;
  commentId: string;
}

/**
 * Follows a `#comment-<id>` link (a notification's, shared/comments/comment-link.ts): once the
 * threads are read, opens the panel on the thread that holds the comment and moves focus to the
 * comment, so a screen reader reads it first; once the editor is ready, shows the thread's text.
 * Each link is followed once; following another (hashchange) opens that one. Returns a notice
 * for a link to a comment that no longer exists.
 */
export function useLinkedComment({
  list,
  controller,
  open,
}: {
  list: CommentThreadListDto | null;
  controller: CommentEditor | null;
  open: (threadId: string | null) => void;
}): string | null {
  const hash = useSyncExternalStore(subscribeToHash, currentHash, noHash);
  const followed = useRef<string | null>(null);
  const revealed = useRef<LinkedComment | null>(null);
  const [target, setTarget] = useState<LinkedComment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const commentId = linkedCommentId(hash);
    if (commentId === null || list === null || followed.current === hash) return;
    followed.current = hash;
    const thread = list.threads.find((t) => t.comments.some((c) => c.id === commentId));
    setNotice(thread ? null : LINKED_COMMENT_GONE);
    setTarget(thread ? { thread, commentId } : null);
    open(thread?.id ?? null);
  }, [hash, list, open]);

  // After the render that opened the panel on the thread: the comment is in the page now.
  useEffect(() => {
    if (!target) return;
    const element = document.getElementById(commentElementId(target.commentId));
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: "nearest" });
  }, [target]);

  // The editor's controller arrives after the threads on a cold load (a dynamic import).
  useEffect(() => {
    if (!target || !controller || revealed.current === target) return;
    revealed.current = target;
    if (target.thread.anchor && controller.rangeOf(target.thread.anchor)) controller.reveal(target.thread.id);
  }, [target, controller]);

  return notice;
}
