"use server";

import type { ActionResult } from "@/shared/api-error";
import type { CommentThreadListDto } from "@/shared/comments/comment-dto";
import type {
  CreateCommentThreadInput,
  DeleteCommentInput,
  EditCommentInput,
  ListCommentThreadsInput,
  ReanchorCommentThreadInput,
  ReplyToThreadInput,
  SetThreadResolvedInput,
  ToggleCommentReactionInput,
} from "@/shared/schemas/comment";
import {
  CreateCommentThreadSchema,
  DeleteCommentSchema,
  EditCommentSchema,
  ListCommentThreadsSchema,
  ReanchorCommentThreadSchema,
  ReplyToThreadSchema,
  SetThreadResolvedSchema,
  ToggleCommentReactionSchema,
} from "@/shared/schemas/comment";
import { presentCommentThreads } from "@/server/presenters/present-comment-threads";
import { createCommentThread } from "@/server/services/comments/create-comment-thread";
import { deleteComment } from "@/server/services/comments/delete-comment";
import { editComment } from "@/server/services/comments/edit-comment";
import { listCommentThreads } from "@/server/services/comments/list-comment-threads";
import { reanchorCommentThread } from "@/server/services/comments/reanchor-comment-thread";
import { replyToThread } from "@/server/services/comments/reply-to-thread";
import { setThreadResolved } from "@/server/services/comments/set-thread-resolved";
import { toggleCommentReaction } from "@/server/services/comments/toggle-comment-reaction";
import { runAction } from "./run-action";

// None of these revalidates: the comments panel re-reads through listCommentThreadsAction when
// the document's connection says they changed, and a refresh would remount the editor.

/** The comments panel: a document's threads as the reader may see them. */
export async function listCommentThreadsAction(input: ListCommentThreadsInput): Promise<ActionResult<CommentThreadListDto>> {
  return runAction(ListCommentThreadsSchema, input, async (ctx, data) => presentCommentThreads(await listCommentThreads(ctx, data.documentId), ctx.actor.id));
}

/** "Comment" on a selection (or on the document): a new thread with its first comment. */
export async function createCommentThreadAction(input: CreateCommentThreadInput): Promise<ActionResult<{ threadId: string }>> {
  return runAction(CreateCommentThreadSchema, input, async (ctx, data) => ({ threadId: (await createCommentThread(ctx, data)).thread.id }));
}

/** A thread's "Reply". */
export async function replyToThreadAction(input: ReplyToThreadInput): Promise<ActionResult<{ commentId: string }>> {
  return runAction(ReplyToThreadSchema, input, async (ctx, data) => {
    const comment = await replyToThread(ctx, data);
    return { commentId: comment.id };
  });
}

/** A comment's "Edit" (its author). */
export async function editCommentAction(input: EditCommentInput): Promise<ActionResult<{ commentId: string }>> {
  return runAction(EditCommentSchema, input, async (ctx, data) => {
    await editComment(ctx, data);
    return { commentId: data.commentId };
  });
}

/** A comment's "Delete" (its author, admins and owners). */
export async function deleteCommentAction(input: DeleteCommentInput): Promise<ActionResult<{ deleted: "thread" | "tombstone" | "comment" }>> {
  return runAction(DeleteCommentSchema, input, async (ctx, data) => deleteComment(ctx, data));
}

/** "Resolve" and "Reopen". */
export async function setThreadResolvedAction(input: SetThreadResolvedInput): Promise<ActionResult<{ resolved: boolean }>> {
  return runAction(SetThreadResolvedSchema, input, async (ctx, data) => ({ resolved: (await setThreadResolved(ctx, data)).resolvedAt !== null }));
}

/** A reaction button: adds the reader's reaction or takes it back. */
export async function toggleCommentReactionAction(input: ToggleCommentReactionInput): Promise<ActionResult<{ reacted: boolean }>> {
  return runAction(ToggleCommentReactionSchema, input, async (ctx, data) => toggleCommentReaction(ctx, data));
}

/** The editor found a thread's deleted words back after an undo: anchor it to them again. */
export async function reanchorCommentThreadAction(input: ReanchorCommentThreadInput): Promise<ActionResult<{ threadId: string }>> {
  return runAction(ReanchorCommentThreadSchema, input, async (ctx, data) => ({ threadId: (await reanchorCommentThread(ctx, data)).id }));
}
