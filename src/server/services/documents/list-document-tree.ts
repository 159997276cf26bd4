import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";

/** One live document as the sidebar tree needs it. */
export interface DocumentTreeNode {
  id: string;
  parentId: string | null;
  position: string;
  title: string;
}

/**
 * Every live document of the workspace as a flat list, top level first, then grouped by
 * parent, siblings in order; the UI nests them by parentId. A trashed document takes its
 * subtree with it, so no live document has a trashed parent.
 * @throws AppError not_found
 */
export async function listDocumentTree(ctx: ServiceContext, workspaceId: string): Promise<DocumentTreeNode[]> {
  const workspace = await findWorkspaceForMember(ctx, { id: workspaceId });
  authorize(workspaceAbilities(workspace.role).read);
  return ctx.db
    .select({ id: documents.id, parentId: documents.parentId, position: documents.position, title: documents.title })
    .from(documents)
    .where(and(eq(documents.workspaceId, workspace.id), isNull(documents.deletedAt)))
    // id breaks ties between equal keys, so the order is the same on every load.
    .orderBy(sql`${documents.parentId} asc nulls first`, asc(documents.position), asc(documents.id));
}
