import { eq } from "drizzle-orm";
import type { RemoveMemberInput } from "@/shared/schemas/member";
import type { ServiceContext } from "@/server/context";
import { memberships } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { keepsAnOwner, memberAbilities } from "@/server/policies/member-policy";
import { revokeMemberTokens } from "@/server/services/api-tokens/internal/revoke-member-tokens";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { memberTarget } from "@/server/services/audit/internal/member-label";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { isBelowAdmin, LAST_OWNER_MESSAGE, lockMembers } from "@/server/services/members/internal/lock-members";

/**
 * Removes someone else from the workspace (leaving is leaveWorkspace). Admins remove
 * members below admin; owners remove anyone but the last owner.
 * @throws AppError not_found | forbidden (including oneself) | conflict (last owner)
 */
export async function removeMember(ctx: ServiceContext, input: RemoveMemberInput) {
  return ctx.db.transaction(async (tx) => {
    const { actorRole, target, ownerCount } = await lockMembers(tx, input.workspaceId, ctx, input.userId);
    const isSelf = target.userId === ctx.actor.id;
    const abilities = memberAbilities(actorRole, { role: target.role, isSelf });
    authorize(
      abilities.remove,
      isSelf ? "Use “Leave workspace” to leave." : isBelowAdmin(actorRole) ? "Only admins and owners can remove members." : "Only owners can remove an admin or owner.",
    );
    if (!keepsAnOwner(ownerCount, target.role, null)) throw new AppError("conflict", LAST_OWNER_MESSAGE);
    await tx.delete(memberships).where(eq(memberships.id, target.membershipId));
    await revokeMemberTokens(tx, input.workspaceId, target.userId);
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: input.workspaceId, kind: "member.removed", target: await memberTarget(tx, target.userId), details: { role: target.role } },
    );
    await enqueueWebhookEvent(
      { db: tx },
      { workspaceId: input.workspaceId, type: "member.removed", subjectId: target.userId, data: { userId: target.userId, role: target.role, actorId: ctx.actor.id } },
    );
    return { userId: target.userId };
  });
}
