import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";

// Tree walks stop here even if the data held a cycle (the tree's depth limit is 25).
export const WALK_LIMIT = 1000;

/**
 * Whether `documentId` lies under `rootId` with it and every document up to the root live; with
 * `showingFile`, also whether the document's body shows that upload as an image
 * (`documents.image_file_ids`), read in the same query.
 */
export async function isLiveDescendant(db: Db, workspaceId: string, rootId: string, documentId: string, options: { showingFile?: string } = {}): Promise<boolean> {
  const { showingFile } = options;
  const chain = await db
    .select({
      id: documents.id,
      deletedAt: documents.deletedAt,
      showsFile: showingFile === undefined ? sql<boolean>`true` : sql<boolean>`${showingFile} = any(${documents.imageFileIds})`,
    })
    .from(documents)
    .where(
      // Walks up from the document and stops at the root, so only the path between them is read.
      sql`${documents.id} in (
        with recursive chain(id, parent_id, hops) as (
          select id, parent_id, 1 from documents where id = ${documentId} and workspace_id = ${workspaceId}
          union all
          select d.id, d.parent_id, c.hops + 1 from documents d join chain c on d.id = c.parent_id
          where c.id <> ${rootId} and c.hops < ${WALK_LIMIT}
        ) select id from chain)`,
    );
  const isLive = chain.some((r) => r.id === rootId) && chain.every((r) => r.deletedAt === null);
  return isLive && chain.some((r) => r.id === documentId && r.showsFile);
}
