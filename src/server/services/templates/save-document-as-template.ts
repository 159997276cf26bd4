import type { ServiceContext } from "@/server/context";
import { authorize } from "@/server/errors";
import { templateAbilities } from "@/server/policies/template-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { currentBody } from "@/server/services/revisions/save-version";
import type { SaveDocumentAsTemplateInput } from "@/shared/schemas/template";
import { insertTemplate } from "./internal/insert-template";
import { templateBody } from "./internal/template-body";

/**
 * The document menu's "Save as template…": a template of the document's body as it is now (live
 * when this process has it open, else as stored), formatting, images and all; editors and up.
 * Images stay the same workspace files, which every member may read.
 * @throws AppError not_found | forbidden | conflict (too many) | too_large (body)
 */
export async function saveDocumentAsTemplate(ctx: ServiceContext, input: SaveDocumentAsTemplateInput) {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(templateAbilities({ actorRole: doc.actorRole, isAuthor: false }).create, "Viewers and commenters can't create templates.");
  const { delta } = await currentBody(ctx, doc.id);
  return insertTemplate(ctx, { workspaceId: doc.workspaceId, name: input.name, description: input.description, body: templateBody(delta) });
}
