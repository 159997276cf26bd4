import { eq } from "drizzle-orm";
import type { LeaveWorkspaceInput } from "@/shared/schemas/member";
import type { ServiceContext } from "@/server/context";
import { memberships } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { keepsAnOwner, memberAbilities } from "@/server/policies/member-policy";
import { revokeMemberTokens } from "@/server/services/api-tokens/internal/revoke-member-tokens";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { memberTarget } from "@/server/services/audit/internal/member-label";
import { lockMembers } from "@/server/services/members/internal/lock-members";

export const LAST_OWNER_LEAVE_MESSAGE = "You're the only owner. Make someone else an owner before you leave.";

/** Ends the actor's own membership; the last owner can't leave. @throws AppError not_found | conflict (last owner) */
export async function leaveWorkspace(ctx: ServiceContext, input: LeaveWorkspaceInput) {
  return ctx.db.transaction(async (tx) => {
    const { actorRole, target, ownerCount } = await lockMembers(tx, input.workspaceId, ctx, ctx.actor.id);
    authorize(memberAbilities(actorRole, { role: target.role, isSelf: true }).leave);
    if (!keepsAnOwner(ownerCount, target.role, null)) throw new AppError("conflict", LAST_OWNER_LEAVE_MESSAGE);
    await tx.delete(memberships).where(eq(memberships.id, target.membershipId));
    await revokeMemberTokens(tx, input.workspaceId, ctx.actor.id);
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: input.workspaceId, kind: "member.left", target: await memberTarget(tx, ctx.actor.id), details: { role: target.role } },
    );
    return { workspaceId: input.workspaceId };
  });
}
