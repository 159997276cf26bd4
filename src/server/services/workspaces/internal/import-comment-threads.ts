import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { encodeAnchor } from "@/shared/comments/anchors";
import type { Db } from "@/server/db/client";
import { commentReactions, commentThreads, comments } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { archiveError } from "@/server/formats/archive/read-workspace-archive";
import type { ArchiveAnchor, ArchiveThread } from "@/server/formats/archive/workspace-archive";
import { cleanQuote } from "@/server/services/comments/internal/comment-anchor";
import { sanitizeCommentBody } from "@/server/services/comments/internal/comment-body";
import { memberFor } from "./archive-people";

/** A document an import just wrote, as its threads need it. */
export interface ImportedDocument {
  id: string;
  workspaceId: string;
  title: string;
  /** Its Yjs state as written; null while it was never written to. */
  ydoc: Uint8Array | null;
}

/**
 * Writes a document's archived threads: anchored again on the words at their offsets in the body
 * just built (a new Yjs state, so new anchors), bodies sanitised as a posted comment's, people
 * matched to members by email (others left anonymous, their reactions left out). No notification,
 * webhook or broadcast: nothing new was said. Returns how many comments were written.
 * @throws AppError validation_failed (`file`) for a comment the editor would refuse
 */
export async function importCommentThreads(db: Db, doc: ImportedDocument, threads: readonly ArchiveThread[], members: ReadonlyMap<string, string>): Promise<number> {
  if (threads.length === 0) return 0;
  const state = new Y.Doc();
  if (doc.ydoc) Y.applyUpdate(state, doc.ydoc);
  const body = state.getText(BODY_YTEXT);
  let written = 0;
  try {
    for (const thread of threads) {
      const anchor = thread.anchor ? encodeAnchor(body, within(thread.anchor, body.length)) : null;
      const [row] = await db
        .insert(commentThreads)
        .values({
          workspaceId: doc.workspaceId,
          documentId: doc.id,
          anchorStart: anchor?.start ?? null,
          anchorEnd: anchor?.end ?? null,
          quote: anchor ? cleanQuote(thread.quote) : "",
          createdBy: memberFor(members, thread.createdBy),
          resolvedAt: thread.resolvedAt ? new Date(thread.resolvedAt) : null,
          resolvedBy: thread.resolvedAt ? memberFor(members, thread.resolvedBy) : null,
          createdAt: new Date(thread.createdAt),
          updatedAt: new Date(thread.resolvedAt ?? thread.createdAt),
        })
        .returning({ id: commentThreads.id });
      if (!row) throw new Error("inserting a comment thread returned no row");
      const inserted = await db
        .insert(comments)
        .values(
          thread.comments.map((c) => ({
            threadId: row.id,
            authorId: memberFor(members, c.author),
            // A deleted opening comment keeps its place in the thread with no text, as it was.
            body: c.deletedAt ? { ops: [] } : commentBody(c.body, doc.title),
            editedAt: c.editedAt ? new Date(c.editedAt) : null,
            deletedAt: c.deletedAt ? new Date(c.deletedAt) : null,
            createdAt: new Date(c.createdAt),
            updatedAt: new Date(c.deletedAt ?? c.editedAt ?? c.createdAt),
          })),
        )
        .returning({ id: comments.id });
      const reactions = thread.comments.flatMap((c, i) => {
        const commentId = inserted[i]?.id;
        if (!commentId) return [];
        const seen = new Set<string>();
        return c.reactions.flatMap((r) => {
          const userId = memberFor(members, r.by);
          const key = `${userId}\u0000${r.emoji}`;
          if (!userId || seen.has(key)) return [];
          seen.add(key);
          return [{ commentId, userId, emoji: r.emoji }];
        });
      });
      if (reactions.length > 0) await db.insert(commentReactions).values(reactions);
      written += inserted.length;
    }
  } finally {
    state.destroy();
  }
  return written;
}

/** The archived range kept inside the body (an archive from elsewhere may point past its end). */
function within(anchor: ArchiveAnchor, bodyLength: number): { index: number; length: number } {
  const index = Math.min(anchor.index, bodyLength);
  return { index, length: Math.min(anchor.length, bodyLength - index) };
}

function commentBody(input: unknown, title: string) {
  try {
    return sanitizeCommentBody(input);
  } catch (error) {
    if (error instanceof AppError) throw archiveError(`The archive is damaged: a comment on “${title || "Untitled"}” can't be imported (${error.message})`);
    throw error;
  }
}
