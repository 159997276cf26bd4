import { documentSegment } from "@/shared/document-slug";
import type { DocumentRow } from "./present-document";

/** A document as the API lists it: `{id, title, parentId, position, url, createdAt, updatedAt}`. */
export interface ApiDocumentSummary {
  id: string;
  title: string;
  parentId: string | null;
  position: string;
  url: string;
  createdAt: string;
  updatedAt: string;
}

/** The API's view of a document summary; `url` is the editor page, relative to the site. */
export function presentApiDocument(doc: Omit<DocumentRow, "workspaceId">, workspaceSlug: string): ApiDocumentSummary {
  return {
    id: doc.id,
    title: doc.title,
    parentId: doc.parentId,
    position: doc.position,
    url: `/w/${workspaceSlug}/d/${documentSegment(doc)}`,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
