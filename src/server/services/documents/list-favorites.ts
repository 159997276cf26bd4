import { and, asc, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import { documents, favorites } from "../../db/schema";
import { authorize } from "../../errors";
import { workspaceAbilities } from "../../policies/workspace-policy";
import { findWorkspaceForMember } from "../workspaces/find-workspace-for-member";
import type { DocumentSummary } from "./document-columns";
import { summaryColumns } from "./document-columns";

/**
 * The actor's starred live documents in the workspace, in the order they were starred.
 * Trashed ones stay starred but are left out until restored.
 * @throws AppError not_found
 */
export async function listFavorites(ctx: ServiceContext, workspaceId: string): Promise<DocumentSummary[]> {
  const workspace = await findWorkspaceForMember(ctx, { id: workspaceId });
  authorize(workspaceAbilities(workspace.role).read);
  return ctx.db
    .select(summaryColumns)
    .from(favorites)
    .innerJoin(documents, eq(documents.id, favorites.documentId))
    .where(and(eq(favorites.userId, ctx.actor.id), eq(documents.workspaceId, workspace.id), isNull(documents.deletedAt)))
    .orderBy(asc(favorites.createdAt), asc(favorites.id));
}
