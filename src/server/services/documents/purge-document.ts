import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PurgeDocumentInput } from "@/shared/schemas/document";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { displayTitle } from "@/shared/document-slug";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { withTreeLock } from "@/server/services/documents/internal/document-tree";
import { DOCUMENT_NOT_FOUND, findDocumentForMember } from "./find-document-for-member";

/** What purging deleted. */
export interface PurgeResult {
  documentId: string;
  workspaceId: string;
  /** The root and everything trashed with it. */
  purgedCount: number;
}

/**
 * Deletes a trashed root and everything trashed with it, for good; admins and owners only.
 * @throws AppError not_found (unknown, live, or trashed only as part of another document) | forbidden
 */
export async function purgeDocument(ctx: ServiceContext, input: PurgeDocumentInput): Promise<PurgeResult> {
  const { workspaceId } = await findDocumentForMember(ctx, input.documentId, { includeTrashed: true });
  return withTreeLock(ctx.db, workspaceId, async (tx) => {
    const doc = await findDocumentForMember({ ...ctx, db: tx }, input.documentId, { includeTrashed: true });
    if (doc.deletedRootId !== doc.id) throw new AppError("not_found", DOCUMENT_NOT_FOUND);
    authorize(documentAbilities(doc).purge, "Only admins and owners can delete documents forever.");
    // A sub-document trashed on its own before this one is a separate trash entry: lift it to
    // the top level so the cascade below spares it, and it can still be restored or purged.
    const parent = alias(documents, "parent");
    const separateRoots = tx
      .select({ id: documents.id })
      .from(documents)
      .innerJoin(parent, eq(parent.id, documents.parentId))
      .where(and(eq(parent.deletedRootId, doc.id), eq(documents.deletedRootId, documents.id), ne(documents.id, doc.id)));
    await tx
      .update(documents)
      .set({ parentId: null, updatedAt: sql`${documents.updatedAt}` })
      .where(inArray(documents.id, separateRoots));
    const purged = await tx.select({ id: documents.id }).from(documents).where(eq(documents.deletedRootId, doc.id));
    // parent_id cascades, so deleting the root deletes exactly the documents trashed with it.
    await tx.delete(documents).where(eq(documents.id, doc.id));
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: doc.workspaceId, kind: "document.deleted_forever", target: { id: doc.id, label: displayTitle(doc.title) }, details: { documents: purged.length } },
    );
    await enqueueWebhookEvent(
      { db: tx },
      { workspaceId: doc.workspaceId, type: "document.deleted", subjectId: doc.id, data: { documentId: doc.id, title: doc.title, documents: purged.length, actorId: ctx.actor.id } },
    );
    return { documentId: doc.id, workspaceId: doc.workspaceId, purgedCount: purged.length };
  });
}
