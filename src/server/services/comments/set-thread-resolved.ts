import { eq } from "drizzle-orm";
import type { SetThreadResolvedInput } from "@/shared/schemas/comment";
import type { ServiceContext } from "@/server/context";
import { commentThreads } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { CANT_COMMENT } from "./create-comment-thread";
import { announceCommentsChanged } from "./internal/comment-broadcasts";
import { findThreadForMember } from "./internal/find-thread";

/**
 * Resolves a thread (it leaves the text's highlights and moves to "Resolved") or reopens it.
 * Anyone who may comment; resolving a resolved thread changes nothing.
 * @throws AppError not_found | forbidden
 */
export async function setThreadResolved(ctx: ServiceContext, input: SetThreadResolvedInput, now = new Date()) {
  const thread = await findThreadForMember(ctx, input.threadId);
  authorize(documentAbilities(thread.doc).comment, CANT_COMMENT);
  if ((thread.resolvedAt !== null) === input.resolved) return { id: thread.id, resolvedAt: thread.resolvedAt };
  const [row] = await ctx.db
    .update(commentThreads)
    .set(input.resolved ? { resolvedAt: now, resolvedBy: ctx.actor.id } : { resolvedAt: null, resolvedBy: null })
    .where(eq(commentThreads.id, thread.id))
    .returning({ id: commentThreads.id, resolvedAt: commentThreads.resolvedAt });
  announceCommentsChanged(thread.documentId);
  return row ?? { id: thread.id, resolvedAt: null };
}
