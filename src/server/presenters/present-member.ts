import type { MemberDto, PendingInvitationDto } from "@/shared/dto";
import type { Role } from "@/shared/roles";
import { assignableRoles, canAssignRole, keepsAnOwner, memberAbilities } from "@/server/policies/workspace-policy";

interface MemberRow {
  userId: string;
  name: string;
  email: string;
  color: string;
  role: Role;
  joinedAt: Date;
}

/**
 * The members list as `actor` (holding `actorRole`) sees it: each member with what the
 * actor may do to them, from the same policy the services enforce, with the last-owner
 * rule applied to the current owner count.
 */
export function presentMembers(rows: MemberRow[], actor: { id: string; role: Role }): MemberDto[] {
  const ownerCount = rows.filter((row) => row.role === "owner").length;
  const roles = assignableRoles(actor.role);
  return rows.map((row) => {
    const isSelf = row.userId === actor.id;
    const abilities = memberAbilities(actor.role, { role: row.role, isSelf });
    const canLoseMember = keepsAnOwner(ownerCount, row.role, null);
    const roleOptions = abilities.changeRole ? roles.filter((role) => keepsAnOwner(ownerCount, row.role, role)) : [];
    return {
      ...row,
      joinedAt: row.joinedAt.toISOString(),
      isSelf,
      abilities: {
        changeRole: roleOptions.some((role) => role !== row.role),
        remove: abilities.remove && canLoseMember,
        leave: abilities.leave && canLoseMember,
      },
      roleOptions: roleOptions.some((role) => role !== row.role) ? roleOptions : [],
      isOnlyOwner: row.role === "owner" && ownerCount === 1,
    };
  });
}

/** A pending invitation with whether `actorRole` may revoke it. */
export function presentPendingInvitation(
  row: { id: string; email: string; role: Role; inviterName: string | null; createdAt: Date; expiresAt: Date },
  actorRole: Role,
): PendingInvitationDto {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    canRevoke: canAssignRole(actorRole, row.role),
  };
}
