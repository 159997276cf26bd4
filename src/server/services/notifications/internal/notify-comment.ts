import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { commentThreads, comments } from "@/server/db/schema";
import { mentionedUserIds } from "@/shared/mentions";
import type { NotificationDraft } from "./create-notifications";
import { createNotifications } from "./create-notifications";
import { documentFollowers, followOnComment } from "./document-followers";

/** The document a comment was posted on, as the comment use cases have it loaded. */
export interface CommentedDocument {
  id: string;
  workspaceId: string;
  title: string;
}

/**
 * The notifications of a posted comment (docs/product.md "Notifications"), on the comment's
 * transaction: people it mentions, then (a reply) everyone who took part in the thread or
 * (a new thread) the document's followers; one per person, mention first. The author follows
 * the document from now on. Returns who was notified, to announce after the commit.
 */
export async function notifyCommentPosted(
  db: Db,
  input: { doc: CommentedDocument; threadId: string; commentId: string; actorId: string; isReply: boolean; body: unknown },
): Promise<string[]> {
  const { doc, threadId, commentId, actorId } = input;
  const drafts: NotificationDraft[] = mentionsIn(input.body).map((userId) => ({ userId, kind: "mention" }));
  const others = input.isReply ? await threadParticipants(db, threadId) : await documentFollowers(db, doc.id);
  for (const userId of others) drafts.push({ userId, kind: input.isReply ? "reply" : "thread" });
  await followOnComment(db, doc.id, [actorId]);
  return createNotifications(db, { workspaceId: doc.workspaceId, actorId, documentId: doc.id, threadId, commentId, data: { documentTitle: doc.title } }, drafts);
}

/**
 * The notifications of an edited comment: only the people it mentions who have no notification
 * of this comment yet (the unique row per comment and person), so an edit never repeats one.
 */
export async function notifyCommentEdited(
  db: Db,
  input: { doc: CommentedDocument; threadId: string; commentId: string; actorId: string; body: unknown },
): Promise<string[]> {
  const drafts: NotificationDraft[] = mentionsIn(input.body).map((userId) => ({ userId, kind: "mention" }));
  const { doc } = input;
  return createNotifications(db, { workspaceId: doc.workspaceId, actorId: input.actorId, documentId: doc.id, threadId: input.threadId, commentId: input.commentId, data: { documentTitle: doc.title } }, drafts);
}

/** The people a comment body mentions: the sanitised body the comment use cases store (shared/mentions.ts). */
export function mentionsIn(body: unknown): string[] {
  const ops = typeof body === "object" && body !== null && Array.isArray((body as { ops?: unknown }).ops) ? (body as { ops: Array<{ insert?: unknown }> }).ops : [];
  return mentionedUserIds(ops);
}

/** Who took part in a thread: whoever opened it and everyone who wrote in it. */
async function threadParticipants(db: Db, threadId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ authorId: comments.authorId, createdBy: commentThreads.createdBy })
    .from(commentThreads)
    .leftJoin(comments, eq(comments.threadId, commentThreads.id))
    .where(eq(commentThreads.id, threadId));
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.createdBy) ids.add(row.createdBy);
    if (row.authorId) ids.add(row.authorId);
  }
  return [...ids];
}
