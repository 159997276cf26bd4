import type { DocumentSummaryDto, DocumentTreeNodeDto, TrashItemDto } from "@/shared/dto";
import { documentAbilities } from "@/server/policies/document-policy";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import type { DocumentTreeNode } from "@/server/services/documents/list-document-tree";
import type { TrashItem } from "@/server/services/documents/list-trash";

/** A sidebar tree node; rows from listDocumentTree already have exactly this shape. */
export function presentDocumentTreeNode(node: DocumentTreeNode): DocumentTreeNodeDto {
  return { id: node.id, parentId: node.parentId, position: node.position, title: node.title };
}

/** A document for lists and mutation results, with ISO dates. */
export function presentDocumentSummary(doc: DocumentSummary): DocumentSummaryDto {
  return {
    id: doc.id,
    workspaceId: doc.workspaceId,
    parentId: doc.parentId,
    position: doc.position,
    title: doc.title,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** A trash entry with what the viewer may do with it. */
export function presentTrashItem(item: TrashItem): TrashItemDto {
  const abilities = documentAbilities({ actorRole: item.actorRole, isTrashed: true });
  return {
    id: item.id,
    parentId: item.parentId,
    title: item.title,
    deletedAt: item.deletedAt.toISOString(),
    deletedByName: item.deletedByName,
    descendantCount: item.descendantCount,
    abilities: { restore: abilities.restore, purge: abilities.purge },
  };
}
