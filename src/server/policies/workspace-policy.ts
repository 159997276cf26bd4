import type { WorkspaceAbilitiesDto } from "@/shared/dto";
import type { Role } from "@/shared/roles";
import { ROLE_RANK } from "@/shared/roles";

/** What a member may do with a workspace as a whole: the DTO the UI receives is this very map. */
export type WorkspaceAbilities = WorkspaceAbilitiesDto;

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
    // The log names members' addresses and what they did: those who manage members read it.
    viewAuditLog: rank >= ROLE_RANK.admin,
    // Webhooks send workspace events to outside addresses: those who manage the workspace decide where.
    manageWebhooks: rank >= ROLE_RANK.admin,
    // Who signs in, and into which role, decides who becomes a member: those who manage members.
    manageSso: rank >= ROLE_RANK.admin,
  };
}

/**
 * Whether a member must turn two-factor on before using the workspace: it requires it and they
 * have not (docs/product.md "Account security"). The one decision of it: every membership lookup
 * asks it through `effectiveRole` (pages, actions, the API, the socket). An API token answers
 * with its user's current setting (read with the token), so a token made before the requirement,
 * or by someone who turned two-factor off since, stops working there until they turn it on.
 *
 * An account without a password is not asked: single sign-on made it, so it signs in through the
 * provider (whose own second factor applies) or a passkey (a device and its unlock). The app's
 * code is asked for after a password only, so enrolling could not protect it, and it could not
 * enrol anyway: turning two-factor on asks for the password.
 */
export function mustEnrolTwoFactor(workspace: { requireTwoFactor: boolean }, actor: { twoFactorEnabled: boolean; passwordless?: boolean }): boolean {
  return workspace.requireTwoFactor && !actor.twoFactorEnabled && actor.passwordless !== true;
}
