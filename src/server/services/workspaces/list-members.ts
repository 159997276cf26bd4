import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { effectiveRole } from "@/server/auth/effective-role";
import type { ServiceContext } from "@/server/context";
import { memberships, users, workspaces } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { WORKSPACE_NOT_FOUND } from "./find-workspace-for-member";

/**
 * Members of a workspace the actor can read, highest role first, then by name. One statement:
 * the list carries the actor's own membership and the workspace's two-factor requirement, and
 * the same decision as findWorkspaceForMember (effectiveRole) is made on them, so a page that
 * lists members pays no separate membership lookup.
 * @throws AppError not_found (not a member, another workspace than a token's) | TwoFactorRequiredError (forbidden)
 */
export async function listMembers(ctx: ServiceContext, workspaceId: string) {
  const me = alias(memberships, "me");
  // Highest role first: the enum's declaration order is viewer … owner.
  const rows = await ctx.db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      color: users.color,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      actorRole: me.role,
      requireTwoFactor: workspaces.requireTwoFactor,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    // Only while the actor is a member: otherwise no row at all, as for a workspace that doesn't exist.
    .innerJoin(me, and(eq(me.workspaceId, memberships.workspaceId), eq(me.userId, ctx.actor.id)))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(desc(memberships.role), asc(sql`lower(${users.name})`));
  const first = rows[0];
  const role = first ? effectiveRole({ role: first.actorRole, workspaceId, requireTwoFactor: first.requireTwoFactor }, ctx) : null;
  if (!role) throw new AppError("not_found", WORKSPACE_NOT_FOUND);
  authorize(workspaceAbilities(role).read);
  return rows.map(({ actorRole: _actorRole, requireTwoFactor: _requireTwoFactor, ...member }) => member);
}
