import { and, asc, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents, favorites } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { summaryColumns } from "@/server/services/documents/internal/document-columns";

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
