import { and, eq } from "drizzle-orm";
import type { ToggleFavoriteInput } from "@/shared/schemas/document";
import type { ServiceContext } from "@/server/context";
import { favorites } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "./find-document-for-member";

/** Stars a live document for the actor, or unstars it; any member who can read it. @throws AppError not_found */
export async function toggleFavorite(
  ctx: ServiceContext,
  input: ToggleFavoriteInput,
): Promise<{ documentId: string; workspaceId: string; isFavorite: boolean }> {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).read);
  const where = and(eq(favorites.userId, ctx.actor.id), eq(favorites.documentId, doc.id));
  const removed = await ctx.db.delete(favorites).where(where).returning({ id: favorites.id });
  if (removed.length === 0) {
    // A double click may race another insert: the unique key makes the second a no-op.
    await ctx.db.insert(favorites).values({ userId: ctx.actor.id, documentId: doc.id }).onConflictDoNothing();
  }
  return { documentId: doc.id, workspaceId: doc.workspaceId, isFavorite: removed.length === 0 };
}
