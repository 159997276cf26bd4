import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documentTemplates } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import type { UpdateTemplateInput } from "@/shared/schemas/template";
import { findTemplateForMember } from "./internal/find-template-for-member";
import { templateBody } from "./internal/template-body";

/**
 * Renames, re-describes or replaces the body of a template (what `input` omits stays); its
 * author if an editor, admins and owners any.
 * @throws AppError not_found | forbidden | too_large (body)
 */
export async function updateTemplate(ctx: ServiceContext, input: UpdateTemplateInput) {
  const template = await findTemplateForMember(ctx, input.templateId);
  authorize(template.abilities.edit, "Editors can change only their own templates; admins and owners change any.");
  const [row] = await ctx.db
    .update(documentTemplates)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.body !== undefined && { body: templateBody(input.body) }),
    })
    .where(eq(documentTemplates.id, template.id))
    .returning({ id: documentTemplates.id, workspaceId: documentTemplates.workspaceId, name: documentTemplates.name, description: documentTemplates.description });
  if (!row) throw new Error("update returned no row");
  return row;
}
