import { and, eq } from "drizzle-orm";
import type { ToggleCommentReactionInput } from "@/shared/schemas/comment";
import type { ServiceContext } from "@/server/context";
import { commentReactions } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { CANT_COMMENT } from "./create-comment-thread";
import { announceCommentsChanged } from "./internal/comment-broadcasts";
import { findCommentForMember } from "./internal/find-thread";

/**
 * Adds the actor's reaction to a comment, or takes it back when they had it. Anyone who may comment.
 * @throws AppError not_found | forbidden | conflict (a deleted comment)
 */
export async function toggleCommentReaction(ctx: ServiceContext, input: ToggleCommentReactionInput) {
  const comment = await findCommentForMember(ctx, input.commentId);
  authorize(documentAbilities(comment.thread.doc).comment, CANT_COMMENT);
  if (comment.deletedAt) throw new AppError("conflict", "This comment was deleted.");
  const mine = and(eq(commentReactions.commentId, comment.id), eq(commentReactions.userId, ctx.actor.id), eq(commentReactions.emoji, input.emoji));
  const removed = await ctx.db.delete(commentReactions).where(mine).returning({ id: commentReactions.id });
  if (removed.length === 0) {
    await ctx.db.insert(commentReactions).values({ commentId: comment.id, userId: ctx.actor.id, emoji: input.emoji }).onConflictDoNothing();
  }
  announceCommentsChanged(comment.thread.documentId);
  return { reacted: removed.length === 0 };
}
