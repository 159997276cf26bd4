import { eq } from "drizzle-orm";
import type { SaveVersionInput } from "@/shared/schemas/revision";
import { liveDocuments } from "@/server/services/documents/internal/live-documents";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { bodyDelta } from "@/server/body/derive-document";
import { deltaToPlainText } from "@/server/body/render-delta-html";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { insertRevision } from "@/server/services/revisions/internal/insert-revision";

/**
 * "Save version…": a `named` revision of the document as it is now — the live text when this
 * process's collaboration server has the document open (what its editors see, including the
 * last seconds not yet stored), the stored text otherwise. Editors and up.
 * @throws AppError not_found | forbidden
 */
export async function saveVersion(ctx: ServiceContext, input: SaveVersionInput, now = new Date()) {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).saveVersion, "Viewers and commenters can't save versions.");
  const body = await currentBody(ctx, doc.id);
  const revision = await insertRevision(ctx.db, {
    documentId: doc.id,
    kind: "named",
    name: input.name,
    title: doc.title,
    ...body,
    createdBy: ctx.actor.id,
    now,
  });
  return { ...revision, documentId: doc.id, workspaceId: doc.workspaceId };
}

/** The document's body now: live if loaded in this process, else as stored. */
export async function currentBody(ctx: ServiceContext, documentId: string) {
  const live = liveDocuments().peek(documentId);
  if (live) {
    const delta = bodyDelta(live);
    return { delta, text: deltaToPlainText(delta) };
  }
  const [row] = await ctx.db.select({ delta: documents.content, text: documents.text }).from(documents).where(eq(documents.id, documentId)).limit(1);
  if (!row) throw new Error(`document ${documentId} vanished between two reads`);
  return row;
}
