import type { Role } from "./roles";

/** What the UI may do with a workspace; mirrors server/policies/workspace-policy.ts. */
export interface WorkspaceAbilitiesDto {
  read: boolean;
  edit: boolean;
  manageMembers: boolean;
  manageSettings: boolean;
  rename: boolean;
  delete: boolean;
}

export interface WorkspaceDto {
  id: string;
  slug: string;
  name: string;
  role: Role;
  abilities: WorkspaceAbilitiesDto;
}

export interface MemberDto {
  userId: string;
  name: string;
  email: string;
  color: string;
  role: Role;
  joinedAt: string;
}

export interface ActorDto {
  id: string;
  name: string;
  email: string;
  color: string;
}

/** One live document of the sidebar tree. The list is flat: nest by parentId; siblings arrive in order. */
export interface DocumentTreeNodeDto {
  id: string;
  /** null: top level. */
  parentId: string | null;
  /** Fractional index among siblings; compare with `<` (byte order), never localeCompare. */
  position: string;
  /** As stored, possibly empty: show it with displayTitle(). */
  title: string;
}

/** A document in the recent and favourite lists, and what create, rename, move and restore return. */
export interface DocumentSummaryDto {
  id: string;
  workspaceId: string;
  parentId: string | null;
  position: string;
  title: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; moves, trashing and restoring leave it alone. */
  updatedAt: string;
}

/** One entry of the trash: a document trashed on its own, with what went with it. */
export interface TrashItemDto {
  id: string;
  /** Where it returns on restore if that parent is still live; else the top level. */
  parentId: string | null;
  title: string;
  /** ISO 8601; purged automatically 30 days later. */
  deletedAt: string;
  /** null once that user is deleted. */
  deletedByName: string | null;
  /** Sub-documents trashed with it (not counting itself). */
  descendantCount: number;
  abilities: { restore: boolean; purge: boolean };
}

/** What trashDocumentAction returns. */
export interface TrashResultDto {
  documentId: string;
  /** The document and its live descendants. */
  trashedCount: number;
}

/** What purgeDocumentAction returns. */
export interface PurgeResultDto {
  documentId: string;
  /** The document and everything trashed with it. */
  purgedCount: number;
}

/** What toggleFavoriteAction returns: whether the document is now starred. */
export interface FavoriteStateDto {
  documentId: string;
  isFavorite: boolean;
}

/** One search hit (the search page, the Ctrl/Cmd-K palette and GET /api/v1/search). */
export interface SearchResultDto {
  id: string;
  /** As stored, possibly empty: show it with displayTitle(). */
  title: string;
  /**
   * An excerpt of the body as HTML that is safe to render: every character of the document is
   * escaped, and the only markup is `<mark>…</mark>` around the matched words.
   */
  snippet: string;
  /** The titles of its ancestors, top level first (as stored, possibly empty). */
  path: Array<{ id: string; title: string }>;
  /** The editor page, `/w/<slug>/d/<title-slug-id>`. */
  url: string;
  /** ISO 8601. */
  updatedAt: string;
}
