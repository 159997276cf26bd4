import type { CommentBody, CommentDto, CommentPersonDto, CommentThreadListDto } from "@/shared/comments/comment-dto";
import type { CommentReaction } from "@/shared/comments/comment-rules";
import { COMMENT_REACTIONS } from "@/shared/comments/comment-rules";
import type { DocumentAccess } from "@/server/policies/document-policy";
import { documentAbilities } from "@/server/policies/document-policy";
import { commentAbilities } from "@/server/policies/comment-policy";

type PersonRow = { id: string; name: string; color: string } | null;

/** What listCommentThreads reads: a document's threads, their comments and reactions. */
export interface CommentThreadRows {
  doc: DocumentAccess;
  threads: Array<{
    id: string;
    documentId: string;
    anchorStart: string | null;
    anchorEnd: string | null;
    quote: string;
    createdAt: Date;
    resolvedAt: Date | null;
    resolvedBy: PersonRow;
  }>;
  comments: Array<{
    id: string;
    threadId: string;
    authorId: string | null;
    body: { ops: unknown[] };
    createdAt: Date;
    editedAt: Date | null;
    deletedAt: Date | null;
    author: PersonRow;
  }>;
  reactions: Array<{ commentId: string; userId: string; emoji: string }>;
}

const DELETED_ACCOUNT: CommentPersonDto = { id: null, name: "Deleted account", color: "#6b7280" };

/** The panel's view of a document's comments for the reader `actorId`, with what they may do. */
export function presentCommentThreads(rows: CommentThreadRows, actorId: string): CommentThreadListDto {
  const byThread = new Map<string, CommentDto[]>();
  for (const comment of rows.comments) {
    const list = byThread.get(comment.threadId) ?? [];
    const abilities = commentAbilities(rows.doc, actorId, { authorId: comment.authorId, isDeleted: comment.deletedAt !== null });
    list.push({
      id: comment.id,
      author: person(comment.author),
      // Stored through sanitizeCommentBody, so it has the CommentBody shape.
      body: comment.deletedAt ? { ops: [] } : (comment.body as CommentBody),
      createdAt: comment.createdAt.toISOString(),
      editedAt: comment.editedAt?.toISOString() ?? null,
      isDeleted: comment.deletedAt !== null,
      reactions: reactionsOf(rows.reactions, comment.id, actorId),
      canEdit: abilities.edit,
      canDelete: abilities.delete,
    });
    byThread.set(comment.threadId, list);
  }
  return {
    canComment: documentAbilities(rows.doc).comment,
    threads: rows.threads.map((thread) => ({
      id: thread.id,
      documentId: thread.documentId,
      anchor: thread.anchorStart && thread.anchorEnd ? { start: thread.anchorStart, end: thread.anchorEnd } : null,
      quote: thread.quote,
      createdAt: thread.createdAt.toISOString(),
      resolvedAt: thread.resolvedAt?.toISOString() ?? null,
      resolvedBy: thread.resolvedAt ? person(thread.resolvedBy) : null,
      comments: byThread.get(thread.id) ?? [],
    })),
  };
}

function person(row: PersonRow): CommentPersonDto {
  return row ? { id: row.id, name: row.name, color: row.color } : DELETED_ACCOUNT;
}

function reactionsOf(reactions: CommentThreadRows["reactions"], commentId: string, actorId: string) {
  return COMMENT_REACTIONS.flatMap((emoji: CommentReaction) => {
    const mine = reactions.filter((r) => r.commentId === commentId && r.emoji === emoji);
    return mine.length ? [{ emoji, count: mine.length, mine: mine.some((r) => r.userId === actorId) }] : [];
  });
}
