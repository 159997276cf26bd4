import { and, eq, isNull, sql } from "drizzle-orm";
import type { TrashDocumentInput } from "@/shared/schemas/document";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { displayTitle } from "@/shared/document-slug";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { withTreeLock } from "@/server/services/documents/internal/document-tree";
import { findDocumentForMember } from "./find-document-for-member";

/** What trashing took with it. */
export interface TrashResult {
  documentId: string;
  workspaceId: string;
  /** The document and its live descendants. */
  trashedCount: number;
  deletedAt: Date;
}

/**
 * Moves a live document and all its live descendants to the trash in one statement, with one
 * timestamp, marking them with it as their deleted root. Descendants already in the trash keep
 * their own root, so each is restored or purged on its own.
 * @throws AppError not_found | forbidden
 */
export async function trashDocument(ctx: ServiceContext, input: TrashDocumentInput): Promise<TrashResult> {
  const { workspaceId } = await findDocumentForMember(ctx, input.documentId);
  return withTreeLock(ctx.db, workspaceId, async (tx) => {
    // Loaded again under the lock: someone may have trashed it (or an ancestor) meanwhile.
    const doc = await findDocumentForMember({ ...ctx, db: tx }, input.documentId);
    authorize(documentAbilities(doc).trash, "Viewers and commenters can't move documents to the trash.");
    const deletedAt = new Date();
    const rows = await tx
      .update(documents)
      // updatedAt stays: trashing is not an edit, and a restored document keeps its place in "recent".
      .set({ deletedAt, deletedBy: ctx.actor.id, deletedRootId: doc.id, updatedAt: sql`${documents.updatedAt}` })
      .where(
        and(
          isNull(documents.deletedAt),
          eq(documents.workspaceId, doc.workspaceId),
          sql`${documents.id} in (
            with recursive subtree(id) as (
              select ${doc.id}::text
              -- union, not union all: ends even if corrupt data held a cycle.
              union
              select d.id from documents d join subtree s on d.parent_id = s.id where d.deleted_at is null
            ) select id from subtree)`,
        ),
      )
      .returning({ id: documents.id });
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: doc.workspaceId, kind: "document.trashed", target: { id: doc.id, label: displayTitle(doc.title) }, details: { documents: rows.length } },
    );
    await enqueueWebhookEvent(
      { db: tx },
      { workspaceId: doc.workspaceId, type: "document.trashed", subjectId: doc.id, data: { documentId: doc.id, title: doc.title, documents: rows.length, actorId: ctx.actor.id } },
    );
    return { documentId: doc.id, workspaceId: doc.workspaceId, trashedCount: rows.length, deletedAt };
  });
}
