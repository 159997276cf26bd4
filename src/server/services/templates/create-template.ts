import type { ServiceContext } from "@/server/context";
import { authorize } from "@/server/errors";
import { templateAbilities } from "@/server/policies/template-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import type { CreateTemplateInput } from "@/shared/schemas/template";
import { insertTemplate } from "./internal/insert-template";
import { templateBody } from "./internal/template-body";

/**
 * Settings → Templates → "New template": a template with the given body (sanitised) or an empty
 * one; editors and up.
 * @throws AppError not_found | forbidden | conflict (too many) | too_large (body)
 */
export async function createTemplate(ctx: ServiceContext, input: CreateTemplateInput) {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(templateAbilities({ actorRole: workspace.role, isAuthor: false }).create, "Viewers and commenters can't create templates.");
  return insertTemplate(ctx, { workspaceId: workspace.id, name: input.name, description: input.description, body: templateBody(input.body) });
}
