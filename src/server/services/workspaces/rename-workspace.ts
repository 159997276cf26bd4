import { eq } from "drizzle-orm";
import type { RenameWorkspaceInput } from "@/shared/schemas/workspace";
import type { ServiceContext } from "@/server/context";
import { workspaces } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "./find-workspace-for-member";

/** Renames a workspace; owners only. @throws AppError not_found | forbidden */
export async function renameWorkspace(ctx: ServiceContext, input: RenameWorkspaceInput) {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).rename, "Only owners can rename the workspace.");
  const [row] = await ctx.db
    .update(workspaces)
    .set({ name: input.name })
    .where(eq(workspaces.id, workspace.id))
    .returning({ id: workspaces.id, slug: workspaces.slug, name: workspaces.name });
  if (!row) throw new Error("update returned no row");
  return row;
}
