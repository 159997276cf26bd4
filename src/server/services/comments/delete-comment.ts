import { and, asc, eq, isNull } from "drizzle-orm";
import type { DeleteCommentInput } from "@/shared/schemas/comment";
import type { ServiceContext } from "@/server/context";
import { commentThreads, comments } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { commentAbilities } from "@/server/policies/comment-policy";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { announceCommentsChanged } from "./internal/comment-broadcasts";
import { findCommentForMember } from "./internal/find-thread";

/**
 * Deletes a comment: its author, or an admin or owner anyone's (recorded in the audit log). A
 * thread's last comment takes the thread with it; an opening comment with replies left becomes
 * "Comment deleted" so the replies keep their context; a reply just goes.
 * @throws AppError not_found | forbidden
 */
export async function deleteComment(ctx: ServiceContext, input: DeleteCommentInput, now = new Date()) {
  const comment = await findCommentForMember(ctx, input.commentId);
  const { doc } = comment.thread;
  const abilities = commentAbilities(doc, ctx.actor.id, { authorId: comment.authorId, isDeleted: comment.deletedAt !== null });
  authorize(abilities.delete, "Only its author, an admin or an owner can delete a comment.");
  const outcome = await ctx.db.transaction(async (tx) => {
    const live = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.threadId, comment.threadId), isNull(comments.deletedAt)))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    const [first] = await tx.select({ id: comments.id }).from(comments).where(eq(comments.threadId, comment.threadId)).orderBy(asc(comments.createdAt), asc(comments.id)).limit(1);
    let result: "thread" | "tombstone" | "comment";
    if (live.length <= 1) {
      await tx.delete(commentThreads).where(eq(commentThreads.id, comment.threadId));
      result = "thread";
    } else if (first?.id === comment.id) {
      await tx.update(comments).set({ body: { ops: [] }, deletedAt: now }).where(eq(comments.id, comment.id));
      result = "tombstone";
    } else {
      await tx.delete(comments).where(eq(comments.id, comment.id));
      result = "comment";
    }
    if (comment.authorId !== ctx.actor.id) {
      await recordAuditEvent(
        { ...ctx, db: tx },
        { workspaceId: doc.workspaceId, kind: "comment.deleted", target: { id: doc.id, label: doc.title || "Untitled" }, details: { threadId: comment.threadId, commentId: comment.id, authorId: comment.authorId } },
      );
    }
    return result;
  });
  announceCommentsChanged(comment.thread.documentId);
  return { deleted: outcome };
}
