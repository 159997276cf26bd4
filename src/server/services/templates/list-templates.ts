import { asc, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documentTemplates, users } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import type { TemplateAbilities } from "@/server/policies/template-policy";
import { templateAbilities } from "@/server/policies/template-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import type { TemplateRow } from "./internal/find-template-for-member";
import { templateColumns } from "./internal/find-template-for-member";
import { ensureBuiltInTemplates } from "./internal/seed-built-in-templates";

/** The workspace's templates with what the actor may do with each, and with templates as a whole. */
export interface TemplateList {
  workspace: { id: string; slug: string };
  templates: Array<TemplateRow & { abilities: TemplateAbilities }>;
  canCreate: boolean;
}

/**
 * A workspace's templates by name, for those who can create documents (docs/product.md
 * "Templates"); seeds the built-in ones first in a workspace that never had them. A read token
 * lists them as its user would.
 * @throws AppError not_found | forbidden
 */
export async function listTemplates(ctx: ServiceContext, by: { id: string } | { slug: string }): Promise<TemplateList> {
  const workspace = await findWorkspaceForMember(ctx, by);
  authorize(templateAbilities({ actorRole: workspace.readRole, isAuthor: false }).use, "Viewers and commenters can't use templates.");
  await ensureBuiltInTemplates(ctx.db, workspace.id);
  const rows = await ctx.db
    .select(templateColumns)
    .from(documentTemplates)
    .leftJoin(users, eq(users.id, documentTemplates.createdBy))
    .where(eq(documentTemplates.workspaceId, workspace.id))
    .orderBy(asc(documentTemplates.name), asc(documentTemplates.id));
  return {
    workspace: { id: workspace.id, slug: workspace.slug },
    templates: rows.map((row) => ({ ...row, abilities: templateAbilities({ actorRole: workspace.role, isAuthor: row.createdBy === ctx.actor.id }) })),
    canCreate: templateAbilities({ actorRole: workspace.role, isAuthor: false }).create,
  };
}
