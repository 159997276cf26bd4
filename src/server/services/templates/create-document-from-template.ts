import type { ServiceContext } from "@/server/context";
import { AppError, authorize } from "@/server/errors";
import { createDocument } from "@/server/services/documents/create-document";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { displayTitle } from "@/shared/document-slug";
import type { CreateDocumentFromTemplateInput } from "@/shared/schemas/template";
import { fillPlaceholders, placeholderValues } from "@/shared/template-placeholders";
import { TEMPLATE_NOT_FOUND, findTemplateForMember } from "./internal/find-template-for-member";

/**
 * "New from template" (sidebar, palette, an empty document) and the API's `templateId`: a new
 * document with the template's body, `{{date}}`, `{{time}}`, `{{author}}` and `{{title}}` filled
 * for the actor in their time zone (docs/product.md "Templates"); titled as asked, else after the
 * template. The body is copied as is — every format, image and embed it holds — through
 * createDocument, which sanitises it again and checks the usual policy, parent and limits.
 * @throws AppError not_found (workspace, parent, or a template of another workspace) | forbidden | conflict | too_large
 */
export async function createDocumentFromTemplate(ctx: ServiceContext, input: CreateDocumentFromTemplateInput, now = new Date()): Promise<DocumentSummary> {
  const template = await findTemplateForMember(ctx, input.templateId);
  // Another workspace's template is as unknown as a missing one: its id must reveal nothing.
  if (template.workspaceId !== input.workspaceId) throw new AppError("not_found", TEMPLATE_NOT_FOUND);
  authorize(template.abilities.use, "Viewers and commenters can't create documents.");
  const title = input.title ?? template.name;
  const values = placeholderValues({ now, timeZone: input.timeZone, author: ctx.actor.name, title: displayTitle(title) });
  return createDocument(ctx, { workspaceId: input.workspaceId, parentId: input.parentId, title }, { body: fillPlaceholders(template.body, values) });
}
