import { documents } from "@/server/db/schema";

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

/** A document as services return it after a change. */
export interface DocumentSummary {
  id: string;
  workspaceId: string;
  parentId: string | null;
  position: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}
