import type { MemberDto, PendingInvitationDto } from "@/shared/dto";
import type { Role } from "@/shared/roles";
import { invitationAbilities, memberOptions } from "@/server/policies/member-policy";

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
  return rows.map((row) => {
    const isSelf = row.userId === actor.id;
    const { roleOptions, isOnlyOwner, ...abilities } = memberOptions(actor.role, { role: row.role, isSelf }, ownerCount);
    return { ...row, joinedAt: row.joinedAt.toISOString(), isSelf, abilities, roleOptions, isOnlyOwner };
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
    canRevoke: invitationAbilities(actorRole, row).revoke,
  };
}
