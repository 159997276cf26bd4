import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { effectiveRole } from "@/server/auth/effective-role";
import { documents, memberships, workspaces } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { WORKSPACE_NOT_FOUND } from "@/server/services/workspaces/find-workspace-for-member";

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
 *
 * One query, as every page of the workspace asks for it: the caller's membership left-joined
 * to the documents, so a member of an empty workspace gets one row without a document and a
 * stranger none.
 * @throws AppError not_found | TwoFactorRequiredError (forbidden)
 */
export async function listDocumentTree(ctx: ServiceContext, workspaceId: string): Promise<DocumentTreeNode[]> {
  const rows = await ctx.db
    .select({
      role: memberships.role,
      requireTwoFactor: workspaces.requireTwoFactor,
      id: documents.id,
      parentId: documents.parentId,
      position: documents.position,
      title: documents.title,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .leftJoin(documents, and(eq(documents.workspaceId, memberships.workspaceId), isNull(documents.deletedAt)))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, ctx.actor.id)))
    // id breaks ties between equal keys, so the order is the same on every load.
    .orderBy(sql`${documents.parentId} asc nulls first`, asc(documents.position), asc(documents.id));
  const role = rows[0] ? effectiveRole({ ...rows[0], workspaceId }, ctx) : null;
  if (!role) throw new AppError("not_found", WORKSPACE_NOT_FOUND);
  authorize(workspaceAbilities(role).read);
  return rows.flatMap(({ id, parentId, position, title }) => (id === null || position === null || title === null ? [] : [{ id, parentId, position, title }]));
}
