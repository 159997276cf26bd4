import { eq } from "drizzle-orm";
import type { ChangeMemberRoleInput } from "@/shared/schemas/member";
import type { ServiceContext } from "@/server/context";
import { memberships } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { canAssignRole, keepsAnOwner, memberAbilities } from "@/server/policies/member-policy";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { memberTarget } from "@/server/services/audit/internal/member-label";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { createNotifications } from "@/server/services/notifications/internal/create-notifications";
import { announceNotifications } from "@/server/services/notifications/internal/notification-hub";
import { isBelowAdmin, LAST_OWNER_MESSAGE, lockMembers } from "@/server/services/members/internal/lock-members";

/**
 * Gives a member another role. Admins manage roles below admin; owners manage everyone;
 * the workspace's last owner can't be demoted.
 * @throws AppError not_found | forbidden | conflict (last owner)
 */
export async function changeMemberRole(ctx: ServiceContext, input: ChangeMemberRoleInput) {
  const result = await ctx.db.transaction(async (tx) => {
    const { actorRole, target, ownerCount } = await lockMembers(tx, input.workspaceId, ctx, input.userId);
    const abilities = memberAbilities(actorRole, { role: target.role, isSelf: target.userId === ctx.actor.id });
    // Below admin, no role can be changed at all; an admin is refused only an admin's or owner's.
    authorize(abilities.changeRole, isBelowAdmin(actorRole) ? "Only admins and owners can change members' roles." : "Only owners can change the role of an admin or owner.");
    authorize(canAssignRole(actorRole, input.role), "Only owners can make someone an admin or owner.");
    if (!keepsAnOwner(ownerCount, target.role, input.role)) throw new AppError("conflict", LAST_OWNER_MESSAGE);
    if (target.role === input.role) return { userId: target.userId, role: target.role, notified: [] as string[] };
    await tx.update(memberships).set({ role: input.role }).where(eq(memberships.id, target.membershipId));
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: input.workspaceId, kind: "member.role_changed", target: await memberTarget(tx, target.userId), details: { from: target.role, to: input.role } },
    );
    await enqueueWebhookEvent(
      { db: tx },
      { workspaceId: input.workspaceId, type: "member.role_changed", subjectId: target.userId, data: { userId: target.userId, from: target.role, to: input.role, actorId: ctx.actor.id } },
    );
    const notified = await createNotifications(tx, { workspaceId: input.workspaceId, actorId: ctx.actor.id, data: { role: input.role } }, [{ userId: target.userId, kind: "role" }]);
    return { userId: target.userId, role: input.role, notified };
  });
  announceNotifications(result.notified);
  return { userId: result.userId, role: result.role };
}
