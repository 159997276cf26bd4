import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { memberships, workspaceSlugRedirects, workspaces } from "@/server/db/schema";

/**
 * The current address of a workspace the actor belongs to that used to be at `oldSlug`, or
 * null: for anyone else an old address is as unknown as one that never existed.
 */
export async function findMovedWorkspace(ctx: ServiceContext, oldSlug: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ slug: workspaces.slug })
    .from(workspaceSlugRedirects)
    .innerJoin(workspaces, eq(workspaces.id, workspaceSlugRedirects.workspaceId))
    .innerJoin(memberships, and(eq(memberships.workspaceId, workspaces.id), eq(memberships.userId, ctx.actor.id)))
    .where(eq(workspaceSlugRedirects.oldSlug, oldSlug))
    .limit(1);
  return row?.slug ?? null;
}
