import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import type { StoredDelta } from "@/server/db/schema";
import { documentTemplates, memberships, users, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { effectiveRole } from "@/server/auth/effective-role";
import type { TemplateAbilities } from "@/server/policies/template-policy";
import { templateAbilities } from "@/server/policies/template-policy";
import { templateBodyVersion } from "./template-version";
import type { Role } from "@/shared/roles";

export const TEMPLATE_NOT_FOUND = "This template could not be found.";

/** The columns of a template as lists and the editor read them, with its author's name. */
export const templateColumns = {
  id: documentTemplates.id,
  workspaceId: documentTemplates.workspaceId,
  name: documentTemplates.name,
  description: documentTemplates.description,
  builtInKey: documentTemplates.builtInKey,
  createdBy: documentTemplates.createdBy,
  authorName: users.name,
  createdAt: documentTemplates.createdAt,
  updatedAt: documentTemplates.updatedAt,
};

/** A template as `templateColumns` reads it. */
export interface TemplateRow {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  builtInKey: string | null;
  createdBy: string | null;
  authorName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A template with the actor's role in its workspace and what that role allows with it. */
export interface LoadedTemplate extends TemplateRow {
  body: StoredDelta;
  /** The body's version (template-version.ts), which a save of the template editor names. */
  bodyVersion: string;
  actorRole: Role;
  abilities: TemplateAbilities;
}

/**
 * The template with `templateId`, if the actor is a member of its workspace (an API token's grant
 * applied). Unknown ids and other workspaces' templates get the same not_found.
 * @throws AppError not_found | TwoFactorRequiredError (forbidden)
 */
export async function findTemplateForMember(ctx: ServiceContext, templateId: string): Promise<LoadedTemplate> {
  const [row] = await ctx.db
    .select({ ...templateColumns, body: documentTemplates.body, bodyVersion: templateBodyVersion, role: memberships.role, requireTwoFactor: workspaces.requireTwoFactor })
    .from(documentTemplates)
    .innerJoin(memberships, and(eq(memberships.workspaceId, documentTemplates.workspaceId), eq(memberships.userId, ctx.actor.id)))
    .innerJoin(workspaces, eq(workspaces.id, documentTemplates.workspaceId))
    .leftJoin(users, eq(users.id, documentTemplates.createdBy))
    .where(eq(documentTemplates.id, templateId))
    .limit(1);
  const actorRole = row ? effectiveRole(row, ctx) : null;
  if (!row || !actorRole) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  const { role: _role, requireTwoFactor: _requireTwoFactor, ...template } = row;
  return { ...template, actorRole, abilities: templateAbilities({ actorRole, isAuthor: template.createdBy === ctx.actor.id }) };
}
