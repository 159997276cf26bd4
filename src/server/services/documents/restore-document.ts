import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { MAX_TREE_DEPTH } from "@/shared/editor-rules";
import type { RestoreDocumentInput } from "@/shared/schemas/document";
import type { ServiceContext } from "@/server/context";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { summaryColumns } from "@/server/services/documents/internal/document-columns";
import { displayTitle } from "@/shared/document-slug";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { endPosition, liveAncestry, subtreeHeight, withTreeLock } from "@/server/services/documents/internal/document-tree";
import { DOCUMENT_NOT_FOUND, findDocumentForMember } from "./find-document-for-member";

/**
 * Restores a trashed root and everything trashed with it. It returns to its old parent and
 * place; to the end of the top level when that parent is gone or trashed, when it would end up
 * deeper than allowed, or when its old place was taken meanwhile.
 * @throws AppError not_found (unknown, live, or trashed only as part of another document) | forbidden
 */
export async function restoreDocument(ctx: ServiceContext, input: RestoreDocumentInput): Promise<DocumentSummary> {
  const { workspaceId } = await findDocumentForMember(ctx, input.documentId, { includeTrashed: true });
  return withTreeLock(ctx.db, workspaceId, async (tx) => {
    const doc = await findDocumentForMember({ ...ctx, db: tx }, input.documentId, { includeTrashed: true });
    // Only what the trash lists can be restored; a descendant comes back with its root.
    if (doc.deletedRootId !== doc.id) throw new AppError("not_found", DOCUMENT_NOT_FOUND);
    authorize(documentAbilities(doc).restore, "Viewers and commenters can't restore documents.");
    // updatedAt stays, as when trashing: neither is an edit.
    const keepUpdatedAt = { updatedAt: sql`${documents.updatedAt}` };
    await tx
      .update(documents)
      .set({ deletedAt: null, deletedBy: null, deletedRootId: null, ...keepUpdatedAt })
      .where(and(eq(documents.workspaceId, doc.workspaceId), eq(documents.deletedRootId, doc.id)));
    const place = (await canReturnToOldPlace(tx, doc))
      ? { parentId: doc.parentId, position: doc.position }
      : { parentId: null, position: await endPosition(tx, doc.workspaceId, null, doc.id) };
    const [row] = await tx
      .update(documents)
      .set({ ...place, ...keepUpdatedAt })
      .where(eq(documents.id, doc.id))
      .returning(summaryColumns);
    if (!row) throw new Error("update returned no row");
    await recordAuditEvent({ ...ctx, db: tx }, { workspaceId: doc.workspaceId, kind: "document.restored", target: { id: doc.id, label: displayTitle(doc.title) } });
    await enqueueWebhookEvent(
      { db: tx },
      { workspaceId: doc.workspaceId, type: "document.restored", subjectId: doc.id, data: { documentId: doc.id, title: doc.title, parentId: row.parentId, actorId: ctx.actor.id } },
    );
    return row;
  });
}

/** Whether the (already restored) document can stay under its old parent at its old position. */
async function canReturnToOldPlace(db: Db, doc: { id: string; workspaceId: string; parentId: string | null; position: string }) {
  const parentDepth = doc.parentId ? (await liveAncestry(db, doc.workspaceId, doc.parentId)).length : 0;
  if (doc.parentId && parentDepth === 0) return false; // the old parent is in the trash or was purged
  // The parent may have moved deeper while this subtree was in the trash.
  if (parentDepth + (await subtreeHeight(db, doc.id)) > MAX_TREE_DEPTH) return false;
  const taken = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.workspaceId, doc.workspaceId),
        doc.parentId ? eq(documents.parentId, doc.parentId) : isNull(documents.parentId),
        eq(documents.position, doc.position),
        ne(documents.id, doc.id),
        isNull(documents.deletedAt),
      ),
    )
    .limit(1);
  return taken.length === 0;
}
