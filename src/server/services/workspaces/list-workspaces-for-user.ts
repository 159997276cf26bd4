import { asc, desc, eq } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import { memberships, workspaces } from "../../db/schema";

/** The workspaces the actor belongs to, most recently visited first, with their role. */
export async function listWorkspacesForUser(ctx: ServiceContext) {
  return ctx.db
    .select({ id: workspaces.id, slug: workspaces.slug, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, ctx.actor.id))
    .orderBy(desc(memberships.lastVisitedAt), asc(workspaces.name));
}
