import type { ServiceContext } from "@/server/context";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { selectSsoProvider } from "./internal/sso-provider-row";

/**
 * Settings → Authentication: the workspace's provider (never its secret), or null.
 * @throws AppError not_found (not a member) | forbidden (below admin)
 */
export async function getSsoProvider(ctx: ServiceContext, input: { workspaceId: string }) {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).manageSso, "Only admins and owners can manage single sign-on.");
  return selectSsoProvider(ctx.db, workspace.id);
}
