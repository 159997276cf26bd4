import { and, eq, isNull } from "drizzle-orm";
import type { RevokeInvitationInput } from "@/shared/schemas/member";
import type { ServiceContext } from "@/server/context";
import { invitations, memberships, workspaces } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { effectiveRole } from "@/server/auth/effective-role";
import { invitationAbilities } from "@/server/policies/member-policy";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { workspaceAbilities } from "@/server/policies/workspace-policy";

export const INVITATION_NOT_FOUND = "This invitation could not be found.";

/**
 * Withdraws an invitation so its link stops working. Admins may revoke invitations for roles
 * they could give; revoking twice is harmless; an accepted invitation can't be revoked.
 * @throws AppError not_found (also for another workspace's invitation) | forbidden (also TwoFactorRequiredError) | conflict (already accepted)
 */
export async function revokeInvitation(ctx: ServiceContext, input: RevokeInvitationInput, now = new Date()) {
  const [row] = await ctx.db
    .select({
      id: invitations.id,
      role: invitations.role,
      email: invitations.email,
      acceptedAt: invitations.acceptedAt,
      actorRole: memberships.role,
      workspaceId: invitations.workspaceId,
      workspaceSlug: workspaces.slug,
      requireTwoFactor: workspaces.requireTwoFactor,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .innerJoin(memberships, and(eq(memberships.workspaceId, invitations.workspaceId), eq(memberships.userId, ctx.actor.id)))
    .where(eq(invitations.id, input.invitationId))
    .limit(1);
  const actorRole = row ? effectiveRole({ role: row.actorRole, workspaceId: row.workspaceId, requireTwoFactor: row.requireTwoFactor }, ctx) : null;
  if (!row || !actorRole) throw new AppError("not_found", INVITATION_NOT_FOUND);
  authorize(workspaceAbilities(actorRole).manageMembers, "Only admins and owners can revoke invitations.");
  authorize(invitationAbilities(actorRole, row).revoke, "Only owners can revoke invitations for admins and owners.");
  if (row.acceptedAt) throw new AppError("conflict", "This invitation has already been accepted.");
  await ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.id, row.id), isNull(invitations.revokedAt), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    // Revoking twice is harmless, and is recorded once.
    if (revoked.length === 0) return;
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: row.workspaceId, kind: "member.invitation_revoked", target: { id: row.id, label: row.email }, details: { role: row.role } },
    );
  });
  return { id: row.id, workspaceSlug: row.workspaceSlug };
}
