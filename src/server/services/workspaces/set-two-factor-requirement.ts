import { eq } from "drizzle-orm";
import type { SetTwoFactorRequirementInput } from "@/shared/schemas/two-factor";
import type { ServiceContext } from "@/server/context";
import { users, workspaces } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { mustEnrolTwoFactor, workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "./find-workspace-for-member";

export const ENROL_YOURSELF_FIRST_MESSAGE = "Turn on two-factor authentication for your own account first (Profile → Security).";

/**
 * Turns a workspace's "Require two-factor authentication" on or off; admins and owners. From then
 * on, members without two-factor are refused everything in the workspace (its pages send them to
 * turn it on; actions, the API and the socket answer forbidden; effectiveRole). Turning it on
 * needs the actor to meet it themselves (two-factor on, or an account without a password), or
 * they would lock themselves out of the page they are on.
 * @throws AppError not_found | forbidden | conflict (the actor has no two-factor themselves)
 */
export async function setTwoFactorRequirement(ctx: ServiceContext, input: SetTwoFactorRequirementInput): Promise<{ required: boolean }> {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).manageSettings, "Only admins and owners can change who must use two-factor authentication.");
  if (workspace.requireTwoFactor === input.required) return { required: input.required };
  if (input.required) {
    const [me] = await ctx.db.select({ twoFactorEnabled: users.twoFactorEnabled, hasPassword: users.hasPassword }).from(users).where(eq(users.id, ctx.actor.id));
    if (!me || mustEnrolTwoFactor({ requireTwoFactor: true }, { twoFactorEnabled: me.twoFactorEnabled, passwordless: !me.hasPassword })) {
      throw new AppError("conflict", ENROL_YOURSELF_FIRST_MESSAGE);
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(workspaces).set({ requireTwoFactor: input.required }).where(eq(workspaces.id, workspace.id));
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: workspace.id, kind: "workspace.two_factor_requirement_changed", target: { id: workspace.id, label: workspace.name }, details: { required: input.required } },
    );
  });
  return { required: input.required };
}
