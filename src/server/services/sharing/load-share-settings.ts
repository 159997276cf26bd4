import { and, desc, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { shares, users } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { shareAbilities } from "@/server/policies/share-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { listMembers } from "@/server/services/workspaces/list-members";

/**
 * What the share dialog shows for a live document: who has access (every member, with their
 * role), the live public link if any, and what the actor may do with each.
 * @throws AppError not_found
 */
export async function loadShareSettings(ctx: ServiceContext, documentId: string) {
  const doc = await findDocumentForMember(ctx, documentId);
  const abilities = documentAbilities(doc);
  authorize(abilities.read);
  const [members, [live]] = await Promise.all([
    listMembers(ctx, doc.workspaceId),
    ctx.db
      .select({
        id: shares.id,
        token: shares.token,
        includeChildren: shares.includeChildren,
        allowIndexing: shares.allowIndexing,
        createdBy: shares.createdBy,
        createdByName: users.name,
        createdAt: shares.createdAt,
      })
      .from(shares)
      .leftJoin(users, eq(users.id, shares.createdBy))
      .where(and(eq(shares.documentId, doc.id), isNull(shares.revokedAt)))
      .orderBy(desc(shares.createdAt))
      .limit(1),
  ]);
  const share = live
    ? {
        ...live,
        abilities: shareAbilities({ actorRole: doc.actorRole, isTrashed: doc.isTrashed, isCreator: live.createdBy === ctx.actor.id }),
      }
    : null;
  return { doc, canPublish: abilities.share, members, share };
}
