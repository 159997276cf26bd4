import { and, eq, isNull } from "drizzle-orm";
import type { CreateShareInput } from "@/shared/schemas/share";
import type { ServiceContext } from "@/server/context";
import { documents, shares } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { displayTitle } from "@/shared/document-slug";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { newShareToken } from "@/server/services/sharing/internal/share-token";

export const ALREADY_SHARED = "This document already has a public link.";

/**
 * Publishes a live document: a new link with a fresh unguessable token. A document has at
 * most one live link, so the dialog shows one place to copy, change or revoke it.
 * @throws AppError not_found | forbidden | conflict (a live link exists)
 */
export async function createShare(ctx: ServiceContext, input: CreateShareInput) {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).share, "Only editors, admins and owners can publish documents.");
  return ctx.db.transaction(async (tx) => {
    // Locks the document row so two "Create link" clicks can't both find no live link.
    const [locked] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.id, doc.id), isNull(documents.deletedAt)))
      .for("update");
    if (!locked) throw new AppError("not_found", "This document could not be found.");
    const [live] = await tx
      .select({ id: shares.id })
      .from(shares)
      .where(and(eq(shares.documentId, doc.id), isNull(shares.revokedAt)))
      .limit(1);
    if (live) throw new AppError("conflict", ALREADY_SHARED);
    const [share] = await tx
      .insert(shares)
      .values({
        documentId: doc.id,
        token: newShareToken(),
        includeChildren: input.includeChildren,
        allowIndexing: input.allowIndexing,
        createdBy: ctx.actor.id,
      })
      .returning();
    if (!share) throw new Error("insert returned no row");
    await recordAuditEvent(
      { ...ctx, db: tx },
      {
        workspaceId: doc.workspaceId,
        kind: "share.created",
        target: { id: doc.id, label: displayTitle(doc.title) },
        details: { shareId: share.id, includeChildren: share.includeChildren, allowIndexing: share.allowIndexing },
      },
    );
    await enqueueWebhookEvent(
      { db: tx },
      {
        workspaceId: doc.workspaceId,
        type: "document.published",
        subjectId: doc.id,
        data: { documentId: doc.id, title: doc.title, shareId: share.id, includeChildren: share.includeChildren, actorId: ctx.actor.id },
      },
    );
    return share;
  });
}
