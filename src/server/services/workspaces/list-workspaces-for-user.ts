import { asc, desc, eq } from "drizzle-orm";
import { roleOrRefusal, TWO_FACTOR_REQUIRED } from "@/server/auth/effective-role";
import type { ServiceContext } from "@/server/context";
import { memberships, workspaces } from "@/server/db/schema";

/**
 * The workspaces the actor belongs to (only the grant's for an API token), most recently visited
 * first, with their role. One that requires two-factor the actor has not turned on is listed
 * too, with their membership's role: the switcher leads there, and its pages send them to turn
 * it on; nothing inside it answers them meanwhile (effectiveRole).
 */
export async function listWorkspacesForUser(ctx: ServiceContext) {
  const rows = await ctx.db
    .select({ id: workspaces.id, slug: workspaces.slug, name: workspaces.name, role: memberships.role, requireTwoFactor: workspaces.requireTwoFactor })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, ctx.actor.id))
    .orderBy(desc(memberships.lastVisitedAt), asc(workspaces.name));
  return rows.flatMap(({ requireTwoFactor, ...row }) => {
    const role = roleOrRefusal({ role: row.role, workspaceId: row.id, requireTwoFactor }, ctx);
    if (role === null) return [];
    return [{ ...row, role: role === TWO_FACTOR_REQUIRED ? row.role : role }];
  });
}
