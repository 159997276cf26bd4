import type { Role } from "@/shared/roles";
import { ROLE_RANK, ROLES } from "@/shared/roles";

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

/** What an actor may do to one membership (PRODUCT.md §5). Mirrored by MemberAbilitiesDto. */
export interface MemberAbilities {
  /** Give the member another role (which ones: `assignableRoles`). */
  changeRole: boolean;
  /** Remove someone else from the workspace. */
  remove: boolean;
  /** Leave the workspace (one's own membership). */
  leave: boolean;
}

/**
 * What someone holding `actorRole` may do to a member holding `targetRole`. Admins manage
 * members below admin; owners manage everyone, themselves included; everyone may leave.
 * Whether the workspace would be left without an owner is `keepsAnOwner`'s question, asked
 * with the owner count the service has locked.
 */
export function memberAbilities(actorRole: Role | null, target: { role: Role; isSelf: boolean }): MemberAbilities {
  const canManage = actorRole !== null && outranksForManagement(actorRole, target.role);
  return {
    changeRole: canManage,
    remove: canManage && !target.isSelf,
    leave: actorRole !== null && target.isSelf,
  };
}

/** The roles `actorRole` may give (by invitation or role change): owners any, admins below admin. */
export function assignableRoles(actorRole: Role | null): Role[] {
  return ROLES.filter((role) => canAssignRole(actorRole, role));
}

/** Whether `actorRole` may give someone `role`. */
export function canAssignRole(actorRole: Role | null, role: Role): boolean {
  if (actorRole === "owner") return true;
  return actorRole === "admin" && ROLE_RANK[role] < ROLE_RANK.admin;
}

/**
 * Whether the workspace still has an owner after the member holding `from` gets `to`
 * (null: removed or left), given how many owners it has now.
 */
export function keepsAnOwner(ownerCount: number, from: Role, to: Role | null): boolean {
  const isLosingAnOwner = from === "owner" && to !== "owner";
  return !isLosingAnOwner || ownerCount > 1;
}

function outranksForManagement(actorRole: Role, targetRole: Role): boolean {
  if (actorRole === "owner") return true;
  return actorRole === "admin" && ROLE_RANK[targetRole] < ROLE_RANK.admin;
}
