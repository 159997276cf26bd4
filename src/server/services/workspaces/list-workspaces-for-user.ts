import { asc, desc, eq } from "drizzle-orm";
import { effectiveRole } from "@/server/auth/effective-role";
import type { ServiceContext } from "@/server/context";
import { memberships, workspaces } from "@/server/db/schema";

/** The workspaces the actor belongs to (only the grant's for an API token), most recently visited first, with their role. */
export async function listWorkspacesForUser(ctx: ServiceContext) {
  const rows = await ctx.db
    .select({ id: workspaces.id, slug: workspaces.slug, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, ctx.actor.id))
    .orderBy(desc(memberships.lastVisitedAt), asc(workspaces.name));
  return rows.flatMap((row) => {
    const role = effectiveRole(row.role, row.id, ctx.grant);
    return role ? [{ ...row, role }] : [];
  });
}
