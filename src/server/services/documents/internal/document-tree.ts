import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import { MAX_TREE_DEPTH } from "@/shared/editor-rules";
import type { Db, Tx } from "@/server/db/client";
import { documents, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { DOCUMENT_NOT_FOUND } from "@/server/services/documents/find-document-for-member";

export { MOVE_INTO_ITSELF, STALE_POSITION, TOO_DEEP } from "@/shared/document-tree-messages";
import { TOO_DEEP } from "@/shared/document-tree-messages";

// Tree walks stop here even if the data held a cycle, so a corrupt row can't hang a query.
const WALK_LIMIT = 1000;

/**
 * Runs `work` in a transaction that holds the workspace's tree lock. Every change to the
 * tree's shape (create, move, trash, restore, purge) takes it, so checks like "the parent
 * is live" or "not under itself" stay true until commit, and two moves can't form a cycle.
 */
export async function withTreeLock<T>(db: Db, workspaceId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // NO KEY UPDATE: conflicts only with itself, not with the FK checks of other inserts.
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("no key update");
    return work(tx);
  });
}

/**
 * A live document of the workspace and its ancestors, itself first: its depth is the length
 * (1 = top level). Empty when the document is unknown, trashed or in another workspace.
 */
export async function liveAncestry(db: Db, workspaceId: string, documentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      sql`${documents.id} in (
        with recursive chain(id, parent_id, hops) as (
          select id, parent_id, 1 from documents
          where id = ${documentId} and workspace_id = ${workspaceId} and deleted_at is null
          union all
          select d.id, d.parent_id, c.hops + 1 from documents d join chain c on d.id = c.parent_id
          where c.hops < ${WALK_LIMIT}
        ) select id from chain)`,
    );
  return rows.map((r) => r.id);
}

/** How deep a live parent sits (0 for the top level). @throws AppError not_found when it is not a live document of the workspace */
export async function parentDepth(db: Db, workspaceId: string, parentId: string | null): Promise<number> {
  if (parentId === null) return 0;
  const ancestry = await liveAncestry(db, workspaceId, parentId);
  if (ancestry.length === 0) throw new AppError("not_found", DOCUMENT_NOT_FOUND);
  return ancestry.length;
}

/** How many levels a live document and its live descendants span (1 for a leaf). */
export async function subtreeHeight(db: Db, documentId: string): Promise<number> {
  const [row] = await db
    .select({ height: sql<number>`coalesce(max(hops), 0)`.mapWith(Number) })
    .from(
      sql`(with recursive sub(id, hops) as (
        select id, 1 from documents where id = ${documentId}
        union all
        select d.id, s.hops + 1 from documents d join sub s on d.parent_id = s.id
        where d.deleted_at is null and s.hops < ${WALK_LIMIT}
      ) select hops from sub) as sub`,
    );
  return row?.height ?? 0;
}

/** The live children of `parentId` (null: top level) in order, leaving out `exceptId`. */
export async function liveChildren(db: Db, workspaceId: string, parentId: string | null, exceptId?: string) {
  return db
    .select({ id: documents.id, position: documents.position })
    .from(documents)
    .where(children(workspaceId, parentId, exceptId))
    .orderBy(asc(documents.position), asc(documents.id));
}

/**
 * A position after every child of `parentId` (null: top level) but `exceptId`. Trashed
 * children count too, so a restored document rarely finds its old key taken.
 */
export async function endPosition(db: Db, workspaceId: string, parentId: string | null, exceptId?: string): Promise<string> {
  const [last] = await db
    .select({ position: documents.position })
    .from(documents)
    .where(children(workspaceId, parentId, exceptId, { includeTrashed: true }))
    // The column is COLLATE "C", so the database sorts keys exactly as fractional-indexing compares them.
    .orderBy(desc(documents.position))
    .limit(1);
  return generateKeyBetween(last?.position ?? null, null);
}

/** Refuses a document `depth` levels deep. @throws AppError conflict */
export function assertDepth(depth: number): void {
  if (depth > MAX_TREE_DEPTH) throw new AppError("conflict", TOO_DEEP);
}

function children(
  workspaceId: string,
  parentId: string | null,
  exceptId: string | undefined,
  options: { includeTrashed?: boolean } = {},
) {
  return and(
    eq(documents.workspaceId, workspaceId),
    parentId === null ? isNull(documents.parentId) : eq(documents.parentId, parentId),
    options.includeTrashed ? undefined : isNull(documents.deletedAt),
    exceptId === undefined ? undefined : ne(documents.id, exceptId),
  );
}

/** One row of a live subtree: enough to lay it out in tree order. */
export interface SubtreeRow {
  id: string;
  parentId: string | null;
  title: string;
  position: string;
}

/**
 * `rootId` and its live descendants (a trashed document hides its whole subtree), at most
 * `maxDepth` levels: the tree never holds more than MAX_TREE_DEPTH, and the bound keeps a
 * corrupt row from recursing forever. Unordered: callers sort siblings by position.
 */
export async function liveSubtreeRows(db: Db, workspaceId: string, rootId: string, maxDepth: number = MAX_TREE_DEPTH): Promise<SubtreeRow[]> {
  return db
    .select({ id: documents.id, parentId: documents.parentId, title: documents.title, position: documents.position })
    .from(documents)
    .where(
      sql`${documents.id} in (
        with recursive sub(id, hops) as (
          select id, 1 from documents where id = ${rootId} and workspace_id = ${workspaceId} and deleted_at is null
          union all
          select d.id, s.hops + 1 from documents d join sub s on d.parent_id = s.id
          where d.deleted_at is null and s.hops < ${maxDepth}
        ) select id from sub)`,
    );
}
