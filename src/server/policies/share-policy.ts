import { ROLE_RANK } from "@/shared/roles";
import type { DocumentAccess } from "./document-policy";

/** What a share policy needs: the document's access plus whether the actor created the link. */
export interface ShareAccess extends DocumentAccess {
  /** The actor created this share (editors may change and revoke only their own). */
  isCreator: boolean;
}

/** What someone may do with one existing public link of a document (docs/product.md "Roles"). */
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
 * manages the links they made; "revoke any share" is an admin's (docs/product.md "Roles"), so admins
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
