import { eq } from "drizzle-orm";
import type { Role } from "@/shared/roles";
import { invitations, users, workspaces } from "@/server/db/schema";
import type { InvitationStatus } from "@/server/services/invitations/internal/invitation-status";
import { invitationStatus } from "@/server/services/invitations/internal/invitation-status";
import { hashInvitationToken } from "@/server/services/invitations/internal/invitation-token";
import type { PublicContext } from "@/server/context";

/** An invitation as its link's holder sees it. */
export interface InvitationByToken {
  status: InvitationStatus;
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  workspace: { id: string; slug: string; name: string };
  /** null once that user is deleted. */
  inviterName: string | null;
}

/**
 * The invitation behind a link, whatever its state, or null when no invitation has that
 * token. Anyone holding the link may see this much: the link is the secret.
 */
export async function findInvitationByToken({ db }: PublicContext, token: string, now = new Date()): Promise<InvitationByToken | null> {
  const [row] = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
      workspaceId: workspaces.id,
      workspaceSlug: workspaces.slug,
      workspaceName: workspaces.name,
      inviterName: users.name,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  if (!row) return null;
  return {
    status: invitationStatus(row, now),
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
    workspace: { id: row.workspaceId, slug: row.workspaceSlug, name: row.workspaceName },
    inviterName: row.inviterName,
  };
}
