import { and, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents, favorites } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { signHtmlImages } from "@/server/services/files/internal/sign-html-images";
import { findDocumentForMember } from "./find-document-for-member";

/**
 * Everything the editor page needs: the document, its rendered body (images signed for the
 * optimiser), the actor's abilities and
 * star, and whether it has live children (the menu's zip exports). @throws AppError not_found
 */
export async function loadDocumentForEditor(ctx: ServiceContext, documentId: string) {
  const doc = await findDocumentForMember(ctx, documentId);
  const abilities = documentAbilities(doc);
  authorize(abilities.read);
  const [[body], [favorite], [child]] = await Promise.all([
    ctx.db.select({ html: documents.html }).from(documents).where(eq(documents.id, doc.id)).limit(1),
    ctx.db
      .select({ id: favorites.id })
      .from(favorites)
      .where(and(eq(favorites.documentId, doc.id), eq(favorites.userId, ctx.actor.id)))
      .limit(1),
    ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.parentId, doc.id), isNull(documents.deletedAt)))
      .limit(1),
  ]);
  const html = await signHtmlImages(ctx.db, doc.workspaceId, body?.html ?? "");
  return { doc, abilities, html, isFavorite: Boolean(favorite), hasChildren: Boolean(child) };
}
