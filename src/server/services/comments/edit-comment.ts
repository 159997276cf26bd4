import { eq } from "drizzle-orm";
import type { EditCommentInput } from "@/shared/schemas/comment";
import type { ServiceContext } from "@/server/context";
import { comments } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { commentAbilities } from "@/server/policies/comment-policy";
import { announceNotifications } from "@/server/services/notifications/internal/notification-hub";
import { notifyCommentEdited } from "@/server/services/notifications/internal/notify-comment";
import { announceCommentsChanged } from "./internal/comment-broadcasts";
import { sanitizeCommentBody } from "./internal/comment-body";
import { findCommentForMember } from "./internal/find-thread";

/**
 * Replaces a comment's body and marks it edited. Its author only (docs/product.md "Comments").
 * @throws AppError not_found | forbidden | validation_failed
 */
export async function editComment(ctx: ServiceContext, input: EditCommentInput, now = new Date()) {
  const comment = await findCommentForMember(ctx, input.commentId);
  const abilities = commentAbilities(comment.thread.doc, ctx.actor.id, { authorId: comment.authorId, isDeleted: comment.deletedAt !== null });
  authorize(abilities.edit, "Only its author can edit a comment.");
  const body = sanitizeCommentBody(input.body);
  const { row, notified } = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(comments).set({ body, editedAt: now }).where(eq(comments.id, comment.id)).returning();
    // Only people not yet notified of this comment: an edit adds mentions, it never repeats one.
    const notified = await notifyCommentEdited(tx, { doc: comment.thread.doc, threadId: comment.threadId, commentId: comment.id, actorId: ctx.actor.id, body });
    return { row: updated, notified };
  });
  announceCommentsChanged(comment.thread.documentId);
  announceNotifications(notified);
  return row;
}
