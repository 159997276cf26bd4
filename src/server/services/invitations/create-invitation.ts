import { and, eq, isNull } from "drizzle-orm";
import type { CreateInvitationInput } from "@/shared/schemas/member";
import type { ServiceContext } from "@/server/context";
import { invitations, memberships, users } from "@/server/db/schema";
import { authorize, validationError } from "@/server/errors";
import { canAssignRole } from "@/server/policies/member-policy";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { INVITATION_TTL_MS } from "@/server/services/invitations/internal/invitation-status";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { createNotifications } from "@/server/services/notifications/internal/create-notifications";
import { announceNotifications } from "@/server/services/notifications/internal/notification-hub";
import { newInvitationToken } from "@/server/services/invitations/internal/invitation-token";
import { inviteeToNotify } from "@/server/services/invitations/internal/address-proof";

export const ALREADY_MEMBER_MESSAGE = "This person is already a member of the workspace.";

/**
 * Invites `email` to the workspace with `role` and returns the link's token, which exists
 * only here: the database keeps its hash. Inviting an address again replaces its pending
 * invitation, so only the newest link works. `now` is for tests of expiry.
 * @throws AppError not_found | forbidden (not an admin, or a role above the actor's reach) | validation_failed (already a member)
 */
export async function createInvitation(ctx: ServiceContext, input: CreateInvitationInput, now = new Date()) {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).manageMembers, "Only admins and owners can invite people.");
  authorize(canAssignRole(workspace.role, input.role), "Only owners can invite admins and owners.");
  const email = input.email.toLowerCase();

  const [member] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspace.id), eq(users.email, email)))
    .limit(1);
  if (member) throw validationError({ email: ALREADY_MEMBER_MESSAGE });

  const { token, tokenHash } = newInvitationToken();
  const invitation = await ctx.db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invitations.workspaceId, workspace.id),
          eq(invitations.email, email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(invitations)
      .values({
        workspaceId: workspace.id,
        email,
        role: input.role,
        tokenHash,
        invitedBy: ctx.actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: workspace.id, kind: "member.invited", target: { id: row.id, label: email }, details: { role: input.role } },
    );
    // An existing account hears of it in the app too (docs/product.md "Notifications"), with the
    // link, but only one that proved the address: otherwise whoever typed it in would get the link.
    const invitee = await inviteeToNotify(tx, email, workspace.id);
    const notified = invitee
      ? await createNotifications(tx, { workspaceId: workspace.id, actorId: ctx.actor.id, data: { workspaceName: workspace.name, role: input.role, invitePath: `/invite/${token}` } }, [{ userId: invitee.id, kind: "invitation" }])
      : [];
    return { row, notified };
  });
  announceNotifications(invitation.notified);
  return { invitation: invitation.row, token, workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name } };
}
