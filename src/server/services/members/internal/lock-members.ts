import { asc, eq } from "drizzle-orm";
import type { Role } from "@/shared/roles";
import { ROLE_RANK } from "@/shared/roles";
import type { Tx } from "@/server/db/client";
import type { Acting } from "@/server/auth/effective-role";
import { effectiveRole } from "@/server/auth/effective-role";
import { memberships, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { WORKSPACE_NOT_FOUND } from "@/server/services/workspaces/find-workspace-for-member";

export const MEMBER_NOT_FOUND = "This person is not a member of the workspace.";
export const LAST_OWNER_MESSAGE = "A workspace needs at least one owner. Make someone else an owner first.";

/** Whether `role` manages no one (viewer, commenter, editor): its refusals say so rather than name the target's role. */
export function isBelowAdmin(role: Role): boolean {
  return ROLE_RANK[role] < ROLE_RANK.admin;
}

/** A workspace's memberships as a membership change sees them, with its rows locked. */
export interface LockedMembers {
  actorRole: Role;
  target: { membershipId: string; userId: string; role: Role };
  ownerCount: number;
}

/**
 * Inside a transaction: locks every membership row of the workspace (in id order, so two
 * changes can't deadlock) and reads the actor's role, the target's membership and the
 * owner count from those rows. A second change to the same workspace waits here until the
 * first commits and then sees its result, so "at least one owner" can't be lost to a race.
 * `acting` is the use case's context: its actor (id, two-factor) and an API token's grant.
 * @throws AppError not_found (the actor or the target is not a member) | TwoFactorRequiredError (forbidden)
 */
export async function lockMembers(
  tx: Tx,
  workspaceId: string,
  acting: Acting & { actor: { id: string } },
  targetUserId: string,
): Promise<LockedMembers> {
  const rows = await tx
    .select({ id: memberships.id, userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(memberships.id))
    .for("update");
  const actor = rows.find((row) => row.userId === acting.actor.id);
  if (!actor) throw new AppError("not_found", WORKSPACE_NOT_FOUND);
  // Read apart from the locking query: a join would lock the workspace row as well.
  const [workspace] = await tx.select({ requireTwoFactor: workspaces.requireTwoFactor }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const actorRole = effectiveRole({ role: actor.role, workspaceId, requireTwoFactor: workspace?.requireTwoFactor ?? false }, acting);
  if (!actorRole) throw new AppError("not_found", WORKSPACE_NOT_FOUND);
  const target = rows.find((row) => row.userId === targetUserId);
  if (!target) throw new AppError("not_found", MEMBER_NOT_FOUND);
  return {
    actorRole,
    target: { membershipId: target.id, userId: target.userId, role: target.role },
    ownerCount: rows.filter((row) => row.role === "owner").length,
  };
}
