import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { commentThreads, comments, documents, memberships } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { LoadedDocument } from "@/server/services/documents/find-document-for-member";
import { actorMembership, documentAccessColumns, loadedDocumentOf } from "@/server/services/documents/find-document-for-member";

export const THREAD_NOT_FOUND = "This comment could not be found.";

export interface LoadedThread {
  id: string;
  documentId: string;
  resolvedAt: Date | null;
  /** Null for a thread on the whole document. */
  anchorStart: string | null;
  doc: LoadedDocument;
}

/**
 * The thread with `threadId` and the actor's access to its document. Unknown ids, threads of a
 * trashed document and threads of a workspace the actor is not a member of all get the same
 * not_found. Checks only membership: the caller asks the policy.
 * @throws AppError not_found
 */
export async function findThreadForMember(ctx: ServiceContext, threadId: string): Promise<LoadedThread> {
  const [row] = await ctx.db
    .select({
      thread: { id: commentThreads.id, documentId: commentThreads.documentId, resolvedAt: commentThreads.resolvedAt, anchorStart: commentThreads.anchorStart },
      doc: documentAccessColumns,
    })
    .from(commentThreads)
    .innerJoin(documents, eq(documents.id, commentThreads.documentId))
    .innerJoin(memberships, actorMembership(ctx))
    .where(eq(commentThreads.id, threadId))
    .limit(1);
  const doc = notFoundAsThread(() => loadedDocumentOf(ctx, row?.doc));
  if (!row) throw new AppError("not_found", THREAD_NOT_FOUND);
  return { ...row.thread, doc };
}

export interface LoadedComment {
  id: string;
  threadId: string;
  authorId: string | null;
  deletedAt: Date | null;
  createdAt: Date;
  thread: LoadedThread;
}

/** The comment with `commentId`, its thread and the actor's access, under the same rule. @throws AppError not_found */
export async function findCommentForMember(ctx: ServiceContext, commentId: string): Promise<LoadedComment> {
  const [row] = await ctx.db
    .select({
      comment: { id: comments.id, threadId: comments.threadId, authorId: comments.authorId, deletedAt: comments.deletedAt, createdAt: comments.createdAt },
      thread: { id: commentThreads.id, documentId: commentThreads.documentId, resolvedAt: commentThreads.resolvedAt, anchorStart: commentThreads.anchorStart },
      doc: documentAccessColumns,
    })
    .from(comments)
    .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
    .innerJoin(documents, eq(documents.id, commentThreads.documentId))
    .innerJoin(memberships, actorMembership(ctx))
    .where(eq(comments.id, commentId))
    .limit(1);
  const doc = notFoundAsThread(() => loadedDocumentOf(ctx, row?.doc));
  if (!row) throw new AppError("not_found", THREAD_NOT_FOUND);
  return { ...row.comment, thread: { ...row.thread, doc } };
}

// A missing document reads as a missing comment: the caller asked about a comment.
function notFoundAsThread<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw new AppError("not_found", THREAD_NOT_FOUND);
    throw error;
  }
}
