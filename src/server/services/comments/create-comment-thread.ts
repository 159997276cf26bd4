import type { CreateCommentThreadInput } from "@/shared/schemas/comment";
import { commentBodyText } from "@/shared/comments/comment-markup";
import type { ServiceContext } from "@/server/context";
import { commentThreads, comments } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { announceNotifications } from "@/server/services/notifications/internal/notification-hub";
import { notifyCommentPosted } from "@/server/services/notifications/internal/notify-comment";
import { announceCommentsChanged } from "./internal/comment-broadcasts";
import { checkAnchor, cleanQuote } from "./internal/comment-anchor";
import { sanitizeCommentBody } from "./internal/comment-body";

export const CANT_COMMENT = "Viewers can read comments but not write them.";

/**
 * Opens a thread on a range of the document's text (its Yjs anchors and the words quoted) or, without
 * an anchor, on the whole document, with its first comment. Commenters and up (docs/product.md "Comments").
 * @throws AppError not_found | forbidden | validation_failed
 */
export async function createCommentThread(ctx: ServiceContext, input: CreateCommentThreadInput) {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).comment, CANT_COMMENT);
  const body = sanitizeCommentBody(input.body);
  const anchor = input.anchor ? checkAnchor(input.anchor) : null;
  const result = await ctx.db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(commentThreads)
      .values({
        workspaceId: doc.workspaceId,
        documentId: doc.id,
        anchorStart: anchor?.start ?? null,
        anchorEnd: anchor?.end ?? null,
        quote: anchor ? cleanQuote(input.quote) : "",
        createdBy: ctx.actor.id,
      })
      .returning();
    if (!thread) throw new Error("inserting a comment thread returned no row");
    const [comment] = await tx.insert(comments).values({ threadId: thread.id, authorId: ctx.actor.id, body }).returning({ id: comments.id });
    if (!comment) throw new Error("inserting a comment returned no row");
    await enqueueWebhookEvent(
      { db: tx },
      {
        workspaceId: doc.workspaceId,
        type: "comment.created",
        subjectId: doc.id,
        // Ids and sizes only: webhook payloads never carry document (or comment) text.
        data: { documentId: doc.id, threadId: thread.id, commentId: comment.id, authorId: ctx.actor.id, isReply: false, length: commentBodyText(body).length },
      },
    );
    const notified = await notifyCommentPosted(tx, { doc, threadId: thread.id, commentId: comment.id, actorId: ctx.actor.id, isReply: false, body });
    return { thread, commentId: comment.id, notified };
  });
  announceCommentsChanged(doc.id);
  announceNotifications(result.notified);
  return { thread: result.thread, commentId: result.commentId };
}
