import { ROLE_RANK } from "@/shared/roles";
import type { DocumentAccess } from "./document-policy";
import { documentAbilities } from "./document-policy";

/** What the policy needs about one comment: its author (null when the account is gone). */
export interface CommentAccess {
  authorId: string | null;
  isDeleted: boolean;
}

/** What someone may do with one comment (docs/product.md "Comments"). */
export interface CommentAbilities {
  /** Change the body: the author only, while they may still comment. */
  edit: boolean;
  /** Remove it: the author, and admins and owners anyone's. */
  delete: boolean;
}

/** The ability map for the actor (`actorId`, with their access to the document) and one comment. Never throws. */
export function commentAbilities(doc: DocumentAccess, actorId: string, comment: CommentAccess): CommentAbilities {
  const canComment = documentAbilities(doc).comment;
  const isAuthor = comment.authorId !== null && comment.authorId === actorId;
  const isModerator = doc.actorRole !== null && ROLE_RANK[doc.actorRole] >= ROLE_RANK.admin && !doc.isTrashed;
  return {
    edit: canComment && isAuthor && !comment.isDeleted,
    delete: !comment.isDeleted && ((canComment && isAuthor) || isModerator),
  };
}
