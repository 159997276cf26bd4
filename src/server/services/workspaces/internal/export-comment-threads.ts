import { asc, eq, inArray } from "drizzle-orm";
import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { deletedTextPlace, resolveAnchor } from "@/shared/comments/anchors";
import { COMMENT_REACTIONS } from "@/shared/comments/comment-rules";
import type { Db } from "@/server/db/client";
import { commentReactions, commentThreads, comments } from "@/server/db/schema";
import type { ArchiveAnchor, ArchiveComment, ArchiveThread } from "@/server/formats/archive/workspace-archive";
import type { ArchivePeople } from "./archive-people";

/**
 * The comment threads of a batch of documents as the archive keeps them, by document id: anchors
 * turned into offsets in the body each document's Yjs state holds (the archive's content.json is
 * that body), people named by name and email. Three queries per batch, whatever its threads.
 */
export async function exportCommentThreads(
  db: Db,
  docs: ReadonlyArray<{ id: string; ydoc: Uint8Array | null }>,
  people: ArchivePeople,
): Promise<Map<string, ArchiveThread[]>> {
  const inBatch = inArray(
    commentThreads.documentId,
    docs.map((d) => d.id),
  );
  const threads = await db.select().from(commentThreads).where(inBatch).orderBy(asc(commentThreads.createdAt), asc(commentThreads.id));
  if (threads.length === 0) return new Map();
  const messages = await db
    .select({ comment: comments })
    .from(comments)
    .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
    .where(inBatch)
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const reactions = await db
    .select({ commentId: commentReactions.commentId, userId: commentReactions.userId, emoji: commentReactions.emoji })
    .from(commentReactions)
    .innerJoin(comments, eq(comments.id, commentReactions.commentId))
    .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
    .where(inBatch)
    .orderBy(asc(commentReactions.createdAt), asc(commentReactions.id));
  await people.load([
    ...threads.flatMap((t) => [t.createdBy, t.resolvedBy]),
    ...messages.map((m) => m.comment.authorId),
    ...reactions.map((r) => r.userId),
  ]);

  const reactionsOf = groupBy(reactions, (r) => r.commentId);
  const commentsOf = groupBy(
    messages.map((m) => m.comment),
    (c) => c.threadId,
  );
  const states = new Map(docs.map((d) => [d.id, d.ydoc]));
  const loaded = new Map<string, Y.Doc | null>();
  const result = new Map<string, ArchiveThread[]>();
  for (const thread of threads) {
    if (!loaded.has(thread.documentId)) loaded.set(thread.documentId, loadState(states.get(thread.documentId) ?? null));
    const doc = loaded.get(thread.documentId) ?? null;
    const archived: ArchiveThread = {
      anchor: thread.anchorStart && thread.anchorEnd ? anchorOffsets(doc, { start: thread.anchorStart, end: thread.anchorEnd }) : null,
      quote: thread.quote,
      createdBy: people.get(thread.createdBy),
      createdAt: thread.createdAt.toISOString(),
      resolvedAt: thread.resolvedAt?.toISOString() ?? null,
      resolvedBy: people.get(thread.resolvedBy),
      comments: (commentsOf.get(thread.id) ?? []).map(
        (c): ArchiveComment => ({
          author: people.get(c.authorId),
          body: c.body,
          createdAt: c.createdAt.toISOString(),
          editedAt: c.editedAt?.toISOString() ?? null,
          deletedAt: c.deletedAt?.toISOString() ?? null,
          reactions: (reactionsOf.get(c.id) ?? []).flatMap((r) => {
            const by = people.get(r.userId);
            return by && isReaction(r.emoji) ? [{ emoji: r.emoji, by }] : [];
          }),
        }),
      ),
    };
    // A thread always has its opening comment; one without (never written) is not a conversation.
    if (archived.comments.length === 0) continue;
    result.set(thread.documentId, [...(result.get(thread.documentId) ?? []), archived]);
  }
  for (const doc of loaded.values()) doc?.destroy();
  return result;
}

/** Where an anchor's words are in `doc`'s body; deleted (or unreadable) words give length 0 at their place. */
export function anchorOffsets(doc: Y.Doc | null, anchor: { start: string; end: string }): ArchiveAnchor {
  if (!doc) return { index: 0, length: 0 };
  const body = doc.getText(BODY_YTEXT);
  return resolveAnchor(doc, body, anchor) ?? { index: deletedTextPlace(doc, body, anchor) ?? 0, length: 0 };
}

function loadState(state: Uint8Array | null): Y.Doc | null {
  if (!state) return null;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function isReaction(emoji: string): emoji is ArchiveComment["reactions"][number]["emoji"] {
  return (COMMENT_REACTIONS as readonly string[]).includes(emoji);
}
