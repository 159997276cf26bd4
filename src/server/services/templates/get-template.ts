import type { ServiceContext } from "@/server/context";
import { authorize } from "@/server/errors";
import type { TemplateRefInput } from "@/shared/schemas/template";
import type { LoadedTemplate } from "./internal/find-template-for-member";
import { findTemplateForMember } from "./internal/find-template-for-member";

/**
 * One template with its body, for the template editor; those who can use templates.
 * @throws AppError not_found | forbidden
 */
export async function getTemplate(ctx: ServiceContext, input: TemplateRefInput): Promise<LoadedTemplate> {
  const template = await findTemplateForMember(ctx, input.templateId);
  authorize(template.abilities.use, "Viewers and commenters can't use templates.");
  return template;
}
