import type { ReplyToThreadInput } from "@/shared/schemas/comment";
import { commentBodyText } from "@/shared/comments/comment-markup";
import type { ServiceContext } from "@/server/context";
import { comments } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { CANT_COMMENT } from "./create-comment-thread";
import { announceNotifications } from "@/server/services/notifications/internal/notification-hub";
import { notifyCommentPosted } from "@/server/services/notifications/internal/notify-comment";
import { announceCommentsChanged } from "./internal/comment-broadcasts";
import { sanitizeCommentBody } from "./internal/comment-body";
import { findThreadForMember } from "./internal/find-thread";

/**
 * Adds a reply to a thread (resolved ones too: replying doesn't reopen). Commenters and up.
 * @throws AppError not_found | forbidden | validation_failed
 */
export async function replyToThread(ctx: ServiceContext, input: ReplyToThreadInput) {
  const thread = await findThreadForMember(ctx, input.threadId);
  authorize(documentAbilities(thread.doc).comment, CANT_COMMENT);
  const body = sanitizeCommentBody(input.body);
  const { comment, notified } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(comments).values({ threadId: thread.id, authorId: ctx.actor.id, body }).returning();
    if (!row) throw new Error("inserting a comment returned no row");
    await enqueueWebhookEvent(
      { db: tx },
      {
        workspaceId: thread.doc.workspaceId,
        type: "comment.created",
        subjectId: thread.documentId,
        data: { documentId: thread.documentId, threadId: thread.id, commentId: row.id, authorId: ctx.actor.id, isReply: true, length: commentBodyText(body).length },
      },
    );
    const notified = await notifyCommentPosted(tx, { doc: thread.doc, threadId: thread.id, commentId: row.id, actorId: ctx.actor.id, isReply: true, body });
    return { comment: row, notified };
  });
  announceCommentsChanged(thread.documentId);
  announceNotifications(notified);
  return comment;
}
