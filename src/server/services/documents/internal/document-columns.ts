import { documents } from "@/server/db/schema";
import type { DocumentRow } from "@/server/presenters/present-document";

/** The columns services return for a document (never the body): what DocumentSummaryDto shows. */
export const summaryColumns = {
  id: documents.id,
  workspaceId: documents.workspaceId,
  parentId: documents.parentId,
  position: documents.position,
  title: documents.title,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};

/** A document as services return it after a change (the presenter's row). */
export type DocumentSummary = DocumentRow;
