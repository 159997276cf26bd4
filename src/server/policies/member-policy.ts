import type { MemberAbilitiesDto } from "@/shared/dto";
import type { Role } from "@/shared/roles";
import { ROLE_RANK, ROLES } from "@/shared/roles";

/** What an actor may do to one membership: the DTO the members list receives is this very map. */
export type MemberAbilities = MemberAbilitiesDto;

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

/** What the members list offers for one member: the abilities above with the last-owner rule applied. */
export interface MemberOptions extends MemberAbilities {
  /** The roles the actor may give this member (their current one included), or none. */
  roleOptions: Role[];
  /** The member is the workspace's only owner. */
  isOnlyOwner: boolean;
}

/**
 * What the actor may do to one member, as the members list shows it: memberAbilities with
 * keepsAnOwner applied to the workspace's owner count, so nothing is offered that the
 * services would refuse as the last owner's (they ask the same two questions separately,
 * to answer "forbidden" and "conflict" apart).
 */
export function memberOptions(actorRole: Role, target: { role: Role; isSelf: boolean }, ownerCount: number): MemberOptions {
  const abilities = memberAbilities(actorRole, target);
  const canLoseMember = keepsAnOwner(ownerCount, target.role, null);
  const roles = abilities.changeRole ? assignableRoles(actorRole).filter((role) => keepsAnOwner(ownerCount, target.role, role)) : [];
  const isChangeable = roles.some((role) => role !== target.role);
  return {
    changeRole: isChangeable,
    remove: abilities.remove && canLoseMember,
    leave: abilities.leave && canLoseMember,
    roleOptions: isChangeable ? roles : [],
    isOnlyOwner: target.role === "owner" && ownerCount === 1,
  };
}

/** What an actor may do with a pending invitation: revoke it when they could have given its role. */
export function invitationAbilities(actorRole: Role | null, invitation: { role: Role }): { revoke: boolean } {
  return { revoke: canAssignRole(actorRole, invitation.role) };
}
