import { and, eq } from "drizzle-orm";
import type { Role } from "@/shared/roles";
import type { ServiceContext } from "@/server/context";
import type { Tx } from "@/server/db/client";
import { invitations, memberships, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { INVITATION_MESSAGES } from "@/shared/invitations";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { invitationStatus } from "@/server/services/invitations/internal/invitation-status";
import { hashInvitationToken } from "@/server/services/invitations/internal/invitation-token";
import { ADDRESS_NOT_PROVEN_MESSAGE, addressVouchedOnlyElsewhere } from "@/server/services/invitations/internal/address-proof";

/** What accepting leads to: the workspace to open and the role held there. */
export interface AcceptedInvitation {
  workspace: { id: string; slug: string; name: string };
  role: Role;
  /** The actor was a member already; their role is unchanged. */
  wasMember: boolean;
}

/**
 * Makes the signed-in actor a member with the invited role. The invitation is for one
 * address: the actor's email must be it. Someone already a member just gets the workspace
 * (their role stays; a pending invitation to their address is used up). An account whose address
 * only another workspace's sign-in provider vouches for is refused (addressVouchedOnlyElsewhere).
 * @throws AppError not_found (no such link) | conflict (accepted, revoked or expired) | forbidden (another address, or one not proven)
 */
export async function acceptInvitation(ctx: ServiceContext, token: string, now = new Date()): Promise<AcceptedInvitation> {
  return ctx.db.transaction(async (tx) => {
    // Locked so two tabs accepting at once can't both pass the "pending" check.
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashInvitationToken(token)))
      .for("update");
    if (!invitation) throw new AppError("not_found", INVITATION_MESSAGES.invalid);
    const [workspace] = await tx
      .select({ id: workspaces.id, slug: workspaces.slug, name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, invitation.workspaceId));
    if (!workspace) throw new AppError("not_found", INVITATION_MESSAGES.invalid);

    const status = invitationStatus(invitation, now);
    const isForActor = invitation.email === ctx.actor.email.toLowerCase();
    const [membership] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, ctx.actor.id)));
    if (membership) {
      if (status === "pending" && isForActor) await markAccepted(tx, invitation.id, ctx.actor.id, now);
      return { workspace, role: membership.role, wasMember: true };
    }

    if (status !== "pending") throw new AppError("conflict", INVITATION_MESSAGES[status]);
    if (!isForActor) {
      throw new AppError(
        "forbidden",
        `This invitation is for ${invitation.email}, but you're signed in as ${ctx.actor.email}. Sign in with that address to accept it.`,
      );
    }
    if (await addressVouchedOnlyElsewhere(tx, ctx.actor.id, workspace.id)) throw new AppError("forbidden", ADDRESS_NOT_PROVEN_MESSAGE);
    await tx.insert(memberships).values({ workspaceId: workspace.id, userId: ctx.actor.id, role: invitation.role });
    await markAccepted(tx, invitation.id, ctx.actor.id, now);
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: workspace.id, kind: "member.joined", target: { id: ctx.actor.id, label: invitation.email }, details: { role: invitation.role } },
    );
    await enqueueWebhookEvent(
      { db: tx },
      { workspaceId: workspace.id, type: "member.joined", subjectId: ctx.actor.id, data: { userId: ctx.actor.id, name: ctx.actor.name, email: ctx.actor.email, role: invitation.role } },
    );
    return { workspace, role: invitation.role, wasMember: false };
  });
}

async function markAccepted(tx: Tx, invitationId: string, userId: string, now: Date) {
  await tx.update(invitations).set({ acceptedAt: now, acceptedBy: userId }).where(eq(invitations.id, invitationId));
}
