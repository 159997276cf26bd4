import type { ServiceContext } from "@/server/context";
import { AppError, authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { displayTitle } from "@/shared/document-slug";
import type { FillTemplateInput } from "@/shared/schemas/template";
import type { FilledDelta } from "@/shared/template-placeholders";
import { fillPlaceholders, placeholderValues } from "@/shared/template-placeholders";
import { TEMPLATE_NOT_FOUND, findTemplateForMember } from "./internal/find-template-for-member";

/**
 * The "/" menu's "Template": the template's body with its placeholders filled for this document
 * (its title) and the actor, for the editor to insert at the caret as the actor's own typing —
 * so it syncs, is stored and sanitised like any edit. Those who can edit the document.
 * @throws AppError not_found (document, or a template of another workspace) | forbidden
 */
export async function fillTemplate(ctx: ServiceContext, input: FillTemplateInput, now = new Date()): Promise<FilledDelta> {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).update, "Viewers and commenters can't edit this document.");
  const template = await findTemplateForMember(ctx, input.templateId);
  if (template.workspaceId !== doc.workspaceId) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  authorize(template.abilities.use, "Viewers and commenters can't use templates.");
  const values = placeholderValues({ now, timeZone: input.timeZone, author: ctx.actor.name, title: displayTitle(doc.title) });
  // Stored bodies went through templateBody (sanitizeDelta): inserts of text or embeds only.
  return fillPlaceholders(template.body, values) as FilledDelta;
}
