import type { ServiceContext } from "@/server/context";
import { hasDocuments } from "@/server/services/workspaces/internal/has-documents";
import { findWorkspaceForMember } from "./find-workspace-for-member";

/**
 * Whether a workspace the actor belongs to holds no document at all, trashed ones included
 * (an archive can only be imported into an empty workspace).
 * @throws AppError not_found
 */
export async function isWorkspaceEmpty(ctx: ServiceContext, workspace: { id: string }): Promise<boolean> {
  const found = await findWorkspaceForMember(ctx, workspace);
  return !(await hasDocuments(ctx.db, found.id));
}
