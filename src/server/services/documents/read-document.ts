import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents, workspaces } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "./find-document-for-member";

/** A document with its body delta, for the API and exports. @throws AppError not_found */
export async function readDocument(ctx: ServiceContext, documentId: string) {
  const doc = await findDocumentForMember(ctx, documentId);
  authorize(documentAbilities(doc).read);
  const [row] = await ctx.db
    .select({ content: documents.content, html: documents.html, workspaceSlug: workspaces.slug })
    .from(documents)
    .innerJoin(workspaces, eq(workspaces.id, documents.workspaceId))
    .where(eq(documents.id, doc.id))
    .limit(1);
  if (!row) throw new Error(`document ${doc.id} vanished between two reads`);
  return { ...doc, delta: row.content, html: row.html, workspaceSlug: row.workspaceSlug };
}
