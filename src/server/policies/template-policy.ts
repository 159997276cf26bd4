import type { Role } from "@/shared/roles";
import { ROLE_RANK } from "@/shared/roles";

/** What the policy needs about a template: whose it is, loaded with it (null: a new one, or the list as a whole). */
export interface TemplateAccess {
  /** The actor's role in the template's workspace; null when not a member. */
  actorRole: Role | null;
  /** Whether the actor made this template (built-in ones are nobody's). */
  isAuthor: boolean;
}

/** What someone may do with a workspace's templates (docs/product.md "Templates", "Roles"). */
export interface TemplateAbilities {
  /** List them and make documents from them: only those who can create documents. */
  use: boolean;
  create: boolean;
  /** Rename, describe and edit the body. */
  edit: boolean;
  delete: boolean;
}

/** The ability map for one template, or for templates in general with `isAuthor: false`. */
export function templateAbilities({ actorRole, isAuthor }: TemplateAccess): TemplateAbilities {
  const rank = actorRole ? ROLE_RANK[actorRole] : -1;
  const isEditor = rank >= ROLE_RANK.editor;
  // Admins and owners look after the workspace's templates, built-in ones included; an editor
  // looks after their own, so nobody's template is changed under them by a peer.
  const manages = rank >= ROLE_RANK.admin || (isEditor && isAuthor);
  return { use: isEditor, create: isEditor, edit: manages, delete: manages };
}
