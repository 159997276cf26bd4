import { and, eq } from "drizzle-orm";
import type { InvitationCreatedDto } from "@/shared/dto";
import type { RevokeInvitationInput } from "@/shared/schemas/member";
import type { ServiceContext } from "@/server/context";
import { invitations, memberships, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { effectiveRole } from "@/server/auth/effective-role";
import { inviteMember } from "./invite-member";
import { INVITATION_NOT_FOUND } from "./revoke-invitation";

/**
 * Settings → Invitations, "New link" on a pending invitation: the database keeps only the hash
 * of a link's token, so a link cannot be shown twice; this invites the same address with the
 * same role again (inviteMember: the same rights, rate limit and email), which replaces the
 * pending invitation, so only the new link works and the week starts again.
 * @throws AppError not_found (also another workspace's or a revoked invitation) | conflict (accepted) | forbidden (also TwoFactorRequiredError) | rate_limited
 */
export async function reissueInvitation(ctx: ServiceContext, input: RevokeInvitationInput, origin: string): Promise<InvitationCreatedDto & { workspaceSlug: string }> {
  const [row] = await ctx.db
    .select({
      workspaceId: invitations.workspaceId,
      email: invitations.email,
      role: invitations.role,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
      actorRole: memberships.role,
      requireTwoFactor: workspaces.requireTwoFactor,
    })
    .from(invitations)
    .innerJoin(memberships, and(eq(memberships.workspaceId, invitations.workspaceId), eq(memberships.userId, ctx.actor.id)))
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .where(eq(invitations.id, input.invitationId))
    .limit(1);
  const actorRole = row ? effectiveRole({ role: row.actorRole, workspaceId: row.workspaceId, requireTwoFactor: row.requireTwoFactor }, ctx) : null;
  if (!row || !actorRole || row.revokedAt) throw new AppError("not_found", INVITATION_NOT_FOUND);
  if (row.acceptedAt) throw new AppError("conflict", "This invitation has already been accepted.");
  return inviteMember(ctx, { workspaceId: row.workspaceId, email: row.email, role: row.role }, origin);
}
