import type { Role } from "@/shared/roles";
import { ROLE_RANK } from "@/shared/roles";

/** What a member may do with a workspace as a whole (PRODUCT.md §5). */
/** Mirrored for the browser by WorkspaceAbilitiesDto in shared/dto.ts. */
export interface WorkspaceAbilities {
  /** See the workspace, its documents and its members list. */
  read: boolean;
  /** Create, edit, move and trash documents. */
  edit: boolean;
  /** Invite and remove members below admin, purge trash, revoke shares. */
  manageMembers: boolean;
  /** Open the admin settings sections. */
  manageSettings: boolean;
  /** Rename the workspace; manage admins and owners. */
  rename: boolean;
  /** Delete the workspace. */
  delete: boolean;
  /** Download the whole workspace as an archive (Settings → Import and export). */
  exportArchive: boolean;
  /** Import an archive into the workspace while it holds no documents. */
  importArchive: boolean;
}

/** The ability map for someone holding `role` in a workspace (null: not a member). */
export function workspaceAbilities(role: Role | null): WorkspaceAbilities {
  const rank = role ? ROLE_RANK[role] : -1;
  return {
    read: rank >= ROLE_RANK.viewer,
    edit: rank >= ROLE_RANK.editor,
    manageMembers: rank >= ROLE_RANK.admin,
    manageSettings: rank >= ROLE_RANK.admin,
    rename: rank >= ROLE_RANK.owner,
    delete: rank >= ROLE_RANK.owner,
    // Admins and owners: an archive holds every document, trashed ones and all revisions included.
    exportArchive: rank >= ROLE_RANK.admin,
    importArchive: rank >= ROLE_RANK.admin,
  };
}
