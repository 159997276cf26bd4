import { and, eq, isNull } from "drizzle-orm";
import { displayTitle } from "@/shared/document-slug";
import type { RevokeShareInput } from "@/shared/schemas/share";
import type { ServiceContext } from "@/server/context";
import { documents, shares } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { shareAbilities } from "@/server/policies/share-policy";
import { SHARE_NOT_FOUND, findShareForMember } from "./find-share-for-member";

/**
 * Turns a public link off for good: its page answers 404 from the next request. The row
 * stays (with revokedAt) so the token is never handed out again.
 * @throws AppError not_found | forbidden
 */
export async function revokeShare(ctx: ServiceContext, input: RevokeShareInput) {
  const share = await findShareForMember(ctx, input.shareId);
  authorize(shareAbilities(share).revoke, "Only the link's creator or an admin can revoke it.");
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(shares)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(eq(shares.id, share.id), isNull(shares.revokedAt)))
      .returning();
    if (!row) throw new AppError("not_found", SHARE_NOT_FOUND);
    const [doc] = await tx.select({ title: documents.title }).from(documents).where(eq(documents.id, share.documentId)).limit(1);
    await recordAuditEvent(
      { ...ctx, db: tx },
      {
        workspaceId: share.workspaceId,
        kind: "share.revoked",
        target: { id: share.documentId, label: displayTitle(doc?.title ?? "") },
        details: { shareId: share.id },
      },
    );
    await enqueueWebhookEvent(
      { db: tx },
      { workspaceId: share.workspaceId, type: "document.unpublished", subjectId: share.documentId, data: { documentId: share.documentId, title: doc?.title ?? "", shareId: share.id, actorId: ctx.actor.id } },
    );
    return { ...row, workspaceId: share.workspaceId };
  });
}
