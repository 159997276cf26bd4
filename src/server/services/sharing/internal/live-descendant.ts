import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";

// Tree walks stop here even if the data held a cycle (the tree's depth limit is 25).
export const WALK_LIMIT = 1000;

/** Whether `documentId` lies under `rootId` with it and every document up to the root live. */
export async function isLiveDescendant(db: Db, workspaceId: string, rootId: string, documentId: string): Promise<boolean> {
  const chain = await db
    .select({ id: documents.id, deletedAt: documents.deletedAt })
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
  return chain.some((r) => r.id === rootId) && chain.every((r) => r.deletedAt === null);
}
