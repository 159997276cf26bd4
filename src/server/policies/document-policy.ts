import type { Role } from "@/shared/roles";
import { ROLE_RANK } from "@/shared/roles";

/** What the policy needs about a document: loaded with it, so policies never query. */
export interface DocumentAccess {
  /** The actor's role in the document's workspace; null when not a member. */
  actorRole: Role | null;
  isTrashed: boolean;
}

/** What someone may do with one document (docs/product.md "Roles"). */
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
  /** Put an old version's text back (docs/product.md "Roles": "restore revisions"). */
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
