import crypto from "node:crypto";
import { and, eq, inArray, like, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { commentThreads, documents, files, revisions, workspaces } from "@/server/db/schema";
import type { BlobStore } from "@/server/storage/blob-store";

/** What an import wrote, by id: the rows that move into the target once it is complete. */
export interface ImportedIds {
  documents: readonly string[];
  files: readonly string[];
}

// A slug the workspace form can't make (it takes no `_`): no one can ever type or take the address.
const STAGING_SLUG_PREFIX = "_import-";
// An import of 50 MB takes minutes; a staging workspace a day old was left by a server stopped mid-import.
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
// Documents per statement, as the import inserted them: on PGlite a statement holds the event loop
// (moving a document re-indexes its text), so 300 at once stalled the server for 2 s.
const MOVE_BATCH = 25;

/**
 * A workspace with no member, where an import into an existing workspace is written: nobody can
 * see, open or edit what it holds, and deleting it removes exactly what the import wrote.
 */
export async function createStagingWorkspace(db: Db, actorId: string): Promise<{ id: string }> {
  const [row] = await db
    .insert(workspaces)
    .values({ name: "Archive import in progress", slug: `${STAGING_SLUG_PREFIX}${crypto.randomUUID()}`, createdBy: actorId })
    .returning({ id: workspaces.id });
  if (!row) throw new Error("insert returned no row");
  return row;
}

/**
 * Moves an import's documents with their revisions and comment threads, and its files, into
 * `workspaceId`, by id (files, revisions and threads have no index on their workspace). Run in the
 * transaction that reveals the import, so they appear all at once. `updated_at` is set to itself:
 * moving them is not an edit (the column's $onUpdate would stamp every row with now).
 */
export async function moveImported(tx: Db, ids: ImportedIds, workspaceId: string): Promise<void> {
  for (let i = 0; i < ids.files.length; i += MOVE_BATCH) {
    const batch = ids.files.slice(i, i + MOVE_BATCH);
    await tx.update(files).set({ workspaceId, updatedAt: sql`${files.updatedAt}` }).where(inArray(files.id, batch));
  }
  for (let i = 0; i < ids.documents.length; i += MOVE_BATCH) {
    const batch = ids.documents.slice(i, i + MOVE_BATCH);
    await tx.update(documents).set({ workspaceId, updatedAt: sql`${documents.updatedAt}` }).where(inArray(documents.id, batch));
    await tx.update(revisions).set({ workspaceId, updatedAt: sql`${revisions.updatedAt}` }).where(inArray(revisions.documentId, batch));
    await tx.update(commentThreads).set({ workspaceId, updatedAt: sql`${commentThreads.updatedAt}` }).where(inArray(commentThreads.documentId, batch));
    // PGlite's statements resolve without leaving the event loop: let sockets and timers run between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Deletes a workspace with everything in it (its rows cascade). */
export async function deleteWorkspaceRows(db: Db, workspaceId: string): Promise<void> {
  await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
}

/**
 * Deletes the staging workspaces a stopped server left behind, with their images' bytes; returns
 * how many. Run before each import into an existing workspace and on the server's hourly tick.
 */
export async function removeStaleStagingWorkspaces(db: Db, blobs: BlobStore, now: Date = new Date()): Promise<number> {
  const stale = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(like(workspaces.slug, `\\${STAGING_SLUG_PREFIX}%`), lt(workspaces.createdAt, new Date(now.getTime() - STALE_AFTER_MS))));
  for (const { id } of stale) {
    const keys = await db.select({ key: files.storageKey }).from(files).where(eq(files.workspaceId, id));
    await deleteWorkspaceRows(db, id);
    for (const { key } of keys) await blobs.delete(key);
  }
  return stale.length;
}
