import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { bodyWork } from "@/server/workers/body-work";

/**
 * Gives a document the import has just created its final body, once its images are uploaded
 * (uploads need the document to exist first). Only for that moment: nobody has the document
 * open yet, since its id has not left the request; a live body changes through collab only.
 */
export async function replaceImportedBody(ctx: ServiceContext, documentId: string, delta: unknown): Promise<void> {
  const state = await bodyWork().build(delta);
  await ctx.db
    .update(documents)
    .set({ ydoc: state.ydoc, content: state.content, text: state.text, html: state.html, segmentedText: state.segmentedText })
    .where(and(eq(documents.id, documentId), eq(documents.createdBy, ctx.actor.id)));
}
