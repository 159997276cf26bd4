import { and, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents, memberships, shares, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { effectiveRole } from "@/server/auth/effective-role";
import type { ShareAccess } from "@/server/policies/share-policy";

export const SHARE_NOT_FOUND = "This link could not be found.";

/** A live share with what shareAbilities needs about the actor. */
export interface LoadedShare extends ShareAccess {
  id: string;
  documentId: string;
  workspaceId: string;
  token: string;
  includeChildren: boolean;
  allowIndexing: boolean;
}

/**
 * The live (not revoked) share `shareId` and the actor's role in its document's workspace.
 * Unknown ids, revoked links and shares of workspaces the actor is not in are all the same
 * not_found, so a share id reveals nothing.
 * @throws AppError not_found | TwoFactorRequiredError (forbidden)
 */
export async function findShareForMember(ctx: ServiceContext, shareId: string): Promise<LoadedShare> {
  const [row] = await ctx.db
    .select({
      id: shares.id,
      documentId: shares.documentId,
      workspaceId: documents.workspaceId,
      token: shares.token,
      includeChildren: shares.includeChildren,
      allowIndexing: shares.allowIndexing,
      createdBy: shares.createdBy,
      deletedAt: documents.deletedAt,
      actorRole: memberships.role,
      requireTwoFactor: workspaces.requireTwoFactor,
    })
    .from(shares)
    .innerJoin(documents, eq(documents.id, shares.documentId))
    .innerJoin(memberships, and(eq(memberships.workspaceId, documents.workspaceId), eq(memberships.userId, ctx.actor.id)))
    .innerJoin(workspaces, eq(workspaces.id, documents.workspaceId))
    .where(and(eq(shares.id, shareId), isNull(shares.revokedAt)))
    .limit(1);
  const actorRole = row ? effectiveRole({ role: row.actorRole, workspaceId: row.workspaceId, requireTwoFactor: row.requireTwoFactor }, ctx) : null;
  if (!row || !actorRole) throw new AppError("not_found", SHARE_NOT_FOUND);
  const { createdBy, deletedAt, requireTwoFactor: _requireTwoFactor, ...share } = row;
  return { ...share, actorRole, isCreator: createdBy === ctx.actor.id, isTrashed: deletedAt !== null };
}
