import type { UpdateDocumentBody } from "@/shared/schemas/api-documents";
import type { ServiceContext } from "@/server/context";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { findDocumentForMember } from "./find-document-for-member";
import { moveDocument } from "./move-document";
import { renameDocument } from "./rename-document";

/**
 * Renames and/or moves a live document the actor may update (the API's PATCH): a move is
 * given by `parentId` and/or `position` (neighbours among the new siblings; `position` alone
 * keeps the parent). The move runs first, so a stale position (409) leaves the title as it was.
 * @throws AppError not_found | forbidden | conflict (into itself, too deep, stale position)
 */
export async function updateDocument(ctx: ServiceContext, documentId: string, input: UpdateDocumentBody): Promise<DocumentSummary> {
  let doc: DocumentSummary = await findDocumentForMember(ctx, documentId);
  if (input.parentId !== undefined || input.position !== undefined) {
    doc = await moveDocument(ctx, {
      documentId,
      parentId: input.parentId === undefined ? doc.parentId : input.parentId,
      afterId: input.position?.afterId ?? null,
      beforeId: input.position?.beforeId ?? null,
    });
  }
  if (input.title !== undefined) doc = await renameDocument(ctx, { documentId, title: input.title });
  return doc;
}
