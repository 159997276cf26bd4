import { and, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documentTemplates } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import type { UpdateTemplateInput } from "@/shared/schemas/template";
import { BASE_VERSION_MISSING } from "@/shared/schemas/template";
import { findTemplateForMember, TEMPLATE_NOT_FOUND } from "./internal/find-template-for-member";
import { templateBody } from "./internal/template-body";
import { templateBodyVersion } from "./internal/template-version";

/** What a save over someone else's newer body answers (409 `conflict`). */
export const TEMPLATE_CHANGED_MESSAGE = "Someone else saved this template since you opened it, so your changes weren't saved.";

/**
 * Renames, re-describes or replaces the body of a template (what `input` omits stays); its
 * author if an editor, admins and owners any. A new body must name the body version it was edited
 * from (`baseVersion`), and is written only while that is still the stored body's version: the
 * check and the write are one UPDATE, so of two saves from the same version exactly one lands.
 * Returns the row with its body's version after the write.
 * @throws AppError not_found | forbidden | validation_failed (a body without `baseVersion`) | conflict (the body changed since `baseVersion`) | too_large (body)
 */
export async function updateTemplate(ctx: ServiceContext, input: UpdateTemplateInput) {
  const template = await findTemplateForMember(ctx, input.templateId);
  authorize(template.abilities.edit, "Editors can change only their own templates; admins and owners change any.");
  if (input.body !== undefined && input.baseVersion === undefined) throw new AppError("validation_failed", BASE_VERSION_MISSING, { baseVersion: BASE_VERSION_MISSING });
  const body = input.body === undefined ? undefined : templateBody(input.body);
  const conditions: SQL[] = [eq(documentTemplates.id, template.id)];
  if (input.baseVersion !== undefined) conditions.push(eq(templateBodyVersion, input.baseVersion));
  const [row] = await ctx.db
    .update(documentTemplates)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(body !== undefined && { body }),
    })
    .where(and(...conditions))
    .returning({ id: documentTemplates.id, workspaceId: documentTemplates.workspaceId, name: documentTemplates.name, description: documentTemplates.description, version: templateBodyVersion });
  if (row) return row;
  // Nothing written: deleted meanwhile, or another body was saved since `baseVersion`.
  const [still] = await ctx.db.select({ id: documentTemplates.id }).from(documentTemplates).where(eq(documentTemplates.id, template.id));
  if (!still) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  throw new AppError("conflict", TEMPLATE_CHANGED_MESSAGE);
}
