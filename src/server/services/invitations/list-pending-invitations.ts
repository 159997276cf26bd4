import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { invitations, users } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";

/** Invitations not yet accepted, revoked or expired, newest first; admins and owners. @throws AppError not_found | forbidden */
export async function listPendingInvitations(ctx: ServiceContext, workspaceId: string, now = new Date()) {
  const workspace = await findWorkspaceForMember(ctx, { id: workspaceId });
  authorize(workspaceAbilities(workspace.role).manageMembers, "Only admins and owners can see invitations.");
  return ctx.db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      inviterName: users.name,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.workspaceId, workspace.id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}
