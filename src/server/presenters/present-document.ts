import type { DocumentSummaryDto, DocumentTreeNodeDto, TrashItemDto } from "@/shared/dto";
import { documentAbilities } from "@/server/policies/document-policy";
import type { Role } from "@/shared/roles";

/** A document row as services return it after a change (never the body). */
export interface DocumentRow {
  id: string;
  workspaceId: string;
  parentId: string | null;
  position: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A trashed root as the trash lists it, with the viewer's role in its workspace. */
export interface TrashRow {
  id: string;
  parentId: string | null;
  title: string;
  deletedAt: Date;
  /** Null when that user has since been deleted. */
  deletedByName: string | null;
  /** Descendants trashed with it (not counting itself). */
  descendantCount: number;
  /** The actor's role, for the abilities shown with each entry. */
  actorRole: Role;
}

/** A sidebar tree node; rows from listDocumentTree already have exactly this shape. */
export function presentDocumentTreeNode(node: DocumentTreeNodeDto): DocumentTreeNodeDto {
  return { id: node.id, parentId: node.parentId, position: node.position, title: node.title };
}

/** A document for lists and mutation results, with ISO dates. */
export function presentDocumentSummary(doc: DocumentRow): DocumentSummaryDto {
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
export function presentTrashItem(item: TrashRow): TrashItemDto {
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
