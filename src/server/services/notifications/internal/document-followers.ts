import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documentFollows, documents } from "@/server/db/schema";

/**
 * Who follows the document: everyone with a follow row saying so, and its creator unless they
 * unfollowed (creators follow without a row, so creating a document costs nothing more).
 */
export async function documentFollowers(db: Db, documentId: string): Promise<string[]> {
  // One round: the creator and every follow row (PGlite's per-query cost dominates).
  const rows = await db
    .select({ createdBy: documents.createdBy, userId: documentFollows.userId, following: documentFollows.following })
    .from(documents)
    .leftJoin(documentFollows, eq(documentFollows.documentId, documents.id))
    .where(eq(documents.id, documentId));
  const followers = new Set<string>();
  for (const row of rows) if (row.userId && row.following) followers.add(row.userId);
  const createdBy = rows[0]?.createdBy;
  if (createdBy && !rows.some((row) => row.userId === createdBy && row.following === false)) followers.add(createdBy);
  return [...followers];
}

/**
 * Whether `userId` follows the `documents` row of the query it is selected in (see
 * documentFollowers): its follow row says so, or, without one, they created it. A column, so that a page loading the document
 * learns it in the same statement.
 */
export function followingColumn(db: Db, userId: string) {
  const followRow = db
    .select({ following: documentFollows.following })
    .from(documentFollows)
    .where(and(eq(documentFollows.documentId, documents.id), eq(documentFollows.userId, userId)));
  return sql<boolean>`coalesce((${followRow}), ${documents.createdBy} = ${userId})`;
}

/** Makes people who commented follow the document, unless they unfollowed it before (that choice stays). */
export async function followOnComment(db: Db, documentId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(documentFollows)
    .values(userIds.map((userId) => ({ documentId, userId, following: true })))
    .onConflictDoNothing();
}

/** Sets whether `userId` follows the document (the header's Follow control). */
export async function setFollowing(db: Db, documentId: string, userId: string, following: boolean): Promise<void> {
  await db
    .insert(documentFollows)
    .values({ documentId, userId, following })
    .onConflictDoUpdate({ target: [documentFollows.documentId, documentFollows.userId], set: { following, updatedAt: new Date() } });
}
