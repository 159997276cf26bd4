import { eq } from "drizzle-orm";
import type { RemoveSsoProviderInput } from "@/shared/schemas/sso";
import type { ServiceContext } from "@/server/context";
import { workspaceSsoProviders } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";

/**
 * Removes the workspace's provider: its sign-in link stops working at once. Members who joined
 * through it stay members, and keep their accounts (they can set a password by "Forgot password?").
 * @throws AppError not_found (not a member) | forbidden (below admin)
 */
export async function removeSsoProvider(ctx: ServiceContext, input: RemoveSsoProviderInput) {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).manageSso, "Only admins and owners can manage single sign-on.");
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(workspaceSsoProviders).where(eq(workspaceSsoProviders.workspaceId, workspace.id)).returning({ label: workspaceSsoProviders.label, issuer: workspaceSsoProviders.issuer });
    const [row] = removed;
    if (!row) return; // removing twice is harmless and recorded once
    await recordAuditEvent({ ...ctx, db: tx }, { workspaceId: workspace.id, kind: "sso.provider_removed", target: { id: workspace.id, label: row.label }, details: { issuer: row.issuer } });
  });
  return { workspaceSlug: workspace.slug };
}
