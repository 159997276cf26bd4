import type { CreateWorkspaceInput } from "@/shared/schemas/workspace";
import type { ServiceContext } from "@/server/context";
import { isUniqueViolation } from "@/server/db/pg-errors";
import { eq } from "drizzle-orm";
import { memberships, workspaceSlugRedirects, workspaces } from "@/server/db/schema";
import { validationError } from "@/server/errors";
import { seedBuiltInTemplates } from "@/server/services/templates/internal/seed-built-in-templates";

export const SLUG_TAKEN_MESSAGE = "This address is taken. Choose another.";

/** Creates a workspace with the actor as its owner. @throws AppError validation_failed (slug taken) */
export async function createWorkspace(ctx: ServiceContext, input: CreateWorkspaceInput) {
  const ownerId = ctx.actor.id;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [workspace] = await tx
        .insert(workspaces)
        .values({ name: input.name, slug: input.slug, createdBy: ownerId })
        .returning();
      if (!workspace) throw new Error("insert returned no row");
      // An address another workspace left behind is free: the new one takes it, and the redirect goes.
      await tx.delete(workspaceSlugRedirects).where(eq(workspaceSlugRedirects.oldSlug, input.slug));
      await tx.insert(memberships).values({ workspaceId: workspace.id, userId: ownerId, role: "owner" });
      await seedBuiltInTemplates(tx, workspace.id);
      return workspace;
    });
  } catch (error) {
    if (isUniqueViolation(error, "workspaces_slug_unique")) throw validationError({ slug: SLUG_TAKEN_MESSAGE });
    throw error;
  }
}
