import type { Role } from "@/shared/roles";
import { ROLE_RANK } from "@/shared/roles";

/** What the policy needs about a document: loaded with it, so policies never query. */
export interface DocumentAccess {
  /** The actor's role in the document's workspace; null when not a member. */
  actorRole: Role | null;
  isTrashed: boolean;
}

/** What someone may do with one document (PRODUCT.md §5). */
export interface DocumentAbilities {
  read: boolean;
  comment: boolean;
  /** Edit the body and title, move, upload images. */
  update: boolean;
  /** Move to trash (live documents) or restore (trashed ones). */
  trash: boolean;
  restore: boolean;
  /** Publish: create a public link (editors and up; each link's own rights are in shareAbilities). */
  share: boolean;
  /** Delete forever from the trash. */
  purge: boolean;
  export: boolean;
  /** See the revision timeline and open old versions. */
  readHistory: boolean;
  /** Save the current text as a named version. */
  saveVersion: boolean;
  /** Put an old version's text back (PRODUCT.md §5: "restore revisions"). */
  restoreVersion: boolean;
}

/** The ability map for the actor and a loaded document. Never throws. */
export function documentAbilities(doc: DocumentAccess): DocumentAbilities {
  const rank = doc.actorRole ? ROLE_RANK[doc.actorRole] : -1;
  const canRead = rank >= ROLE_RANK.viewer;
  const canEdit = rank >= ROLE_RANK.editor;
  return {
    read: canRead,
    comment: canRead && !doc.isTrashed && rank >= ROLE_RANK.commenter,
    update: canEdit && !doc.isTrashed,
    trash: canEdit && !doc.isTrashed,
    restore: canEdit && doc.isTrashed,
    share: canEdit && !doc.isTrashed,
    purge: rank >= ROLE_RANK.admin && doc.isTrashed,
    export: canRead,
    readHistory: canRead && !doc.isTrashed,
    saveVersion: canEdit && !doc.isTrashed,
    restoreVersion: canEdit && !doc.isTrashed,
  };
}

/** What a share policy needs: the document's access plus whether the actor created the link. */
export interface ShareAccess extends DocumentAccess {
  /** The actor created this share (editors may change and revoke only their own). */
  isCreator: boolean;
}

/** What someone may do with one existing public link of a document (PRODUCT.md §5). */
export interface ShareAbilities {
  /** See the link and its options (every member who can read the document). */
  read: boolean;
  /** Change "include child documents" / "allow search engines" on a live link. */
  update: boolean;
  /** Turn the link off. */
  revoke: boolean;
}

/**
 * The ability map for the actor and one share. Publishing is an editor's right, so an editor
 * manages the links they made; "revoke any share" is an admin's (PRODUCT.md §5), so admins
 * and owners manage everyone's. Revoking stays possible on a trashed document (its link
 * already answers 404; revoking keeps it off after a restore). Never throws.
 */
export function shareAbilities(access: ShareAccess): ShareAbilities {
  const rank = access.actorRole ? ROLE_RANK[access.actorRole] : -1;
  const canManage = rank >= ROLE_RANK.admin || (rank >= ROLE_RANK.editor && access.isCreator);
  return {
    read: rank >= ROLE_RANK.viewer,
    update: canManage && !access.isTrashed,
    revoke: canManage,
  };
}
