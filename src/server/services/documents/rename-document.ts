import { and, eq, inArray } from "drizzle-orm";
import type { RenameDocumentInput } from "@/shared/schemas/document";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { segmentedTitle } from "@/server/db/word-breaks";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { summaryColumns } from "@/server/services/documents/internal/document-columns";
import { DOCUMENT_RENAMED_MESSAGE } from "@/shared/protocol/close-codes";
import { broadcastToEditors } from "@/server/services/documents/internal/editor-broadcasts";
import { findDocumentForMember } from "./find-document-for-member";

/**
 * Renames a live document the actor may update (the schema trims; empty shows as "Untitled") and
 * tells its open editors. With `ifTitleIs`, only while the stored title is still that one (or
 * already the new one: a save sent twice): the check and the write are one UPDATE. When the title
 * has moved on meanwhile (someone renamed the document), nothing is written and the document is
 * returned as it is, for the caller to compare with what it asked for.
 * @throws AppError not_found | forbidden
 */
export async function renameDocument(ctx: ServiceContext, input: RenameDocumentInput): Promise<DocumentSummary> {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).update, "Viewers and commenters can't rename documents.");
  // The title is a column, not part of the Y.Doc, so renaming never touches collab state.
  const [row] = await ctx.db
    .update(documents)
    .set({ title: input.title, segmentedTitle: segmentedTitle(input.title), updatedBy: ctx.actor.id })
    .where(input.ifTitleIs === undefined ? eq(documents.id, doc.id) : and(eq(documents.id, doc.id), inArray(documents.title, [input.ifTitleIs, input.title])))
    .returning(summaryColumns);
  if (!row && input.ifTitleIs !== undefined) {
    const [current] = await ctx.db.select(summaryColumns).from(documents).where(eq(documents.id, doc.id));
    if (current) return current;
  }
  if (!row) throw new Error("update returned no row");
  // Open editors' title fields follow it, or the next person typing there would overwrite it.
  broadcastToEditors(doc.id, JSON.stringify({ type: DOCUMENT_RENAMED_MESSAGE, title: row.title }));
  return row;
}
