import { asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ServiceContext } from "@/server/context";
import { commentReactions, commentThreads, comments, users } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import type { CommentThreadRows } from "@/server/presenters/present-comment-threads";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";

/**
 * A document's threads with their comments and reactions, oldest first (the panel orders them by
 * where their text is now, which only the editor knows). Everyone who can read the document.
 * @throws AppError not_found | forbidden
 */
export async function listCommentThreads(ctx: ServiceContext, documentId: string): Promise<CommentThreadRows> {
  const doc = await findDocumentForMember(ctx, documentId);
  authorize(documentAbilities(doc).read);
  const resolver = alias(users, "resolver");
  const threads = await ctx.db
    .select({
      id: commentThreads.id,
      documentId: commentThreads.documentId,
      anchorStart: commentThreads.anchorStart,
      anchorEnd: commentThreads.anchorEnd,
      quote: commentThreads.quote,
      createdAt: commentThreads.createdAt,
      resolvedAt: commentThreads.resolvedAt,
      resolvedBy: { id: resolver.id, name: resolver.name, color: resolver.color },
    })
    .from(commentThreads)
    .leftJoin(resolver, eq(resolver.id, commentThreads.resolvedBy))
    .where(eq(commentThreads.documentId, doc.id))
    .orderBy(asc(commentThreads.createdAt), asc(commentThreads.id));
  const threadIds = threads.map((t) => t.id);
  const commentRows = threadIds.length
    ? await ctx.db
        .select({
          id: comments.id,
          threadId: comments.threadId,
          authorId: comments.authorId,
          body: comments.body,
          createdAt: comments.createdAt,
          editedAt: comments.editedAt,
          deletedAt: comments.deletedAt,
          author: { id: users.id, name: users.name, color: users.color },
        })
        .from(comments)
        .leftJoin(users, eq(users.id, comments.authorId))
        .where(inArray(comments.threadId, threadIds))
        .orderBy(asc(comments.createdAt), asc(comments.id))
    : [];
  const commentIds = commentRows.map((c) => c.id);
  const reactions = commentIds.length
    ? await ctx.db
        .select({ commentId: commentReactions.commentId, userId: commentReactions.userId, emoji: commentReactions.emoji })
        .from(commentReactions)
        .where(inArray(commentReactions.commentId, commentIds))
        .orderBy(asc(commentReactions.createdAt))
    : [];
  return { doc, threads, comments: commentRows, reactions };
}
