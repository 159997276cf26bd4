import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ServiceContext } from "@/server/context";
import { documents, favorites, memberships } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { signHtmlImages } from "@/server/services/files/internal/sign-html-images";
import { followingColumn } from "@/server/services/notifications/internal/document-followers";
import { actorMembership, documentAccessColumns, loadedDocumentOf } from "./find-document-for-member";

const children = alias(documents, "children");

/**
 * Everything the editor page needs: the document, its rendered body (images signed for the
 * optimiser, bound to this member), the actor's abilities, star and follow (new threads notify followers), and whether
 * it has live children (the menu's zip exports). One query: the page pays PGlite's per-query cost once for all of it
 * (docs/benchmarks.md, server render). @throws AppError not_found
 */
export async function loadDocumentForEditor(ctx: ServiceContext, documentId: string) {
  const [row] = await ctx.db
    .select({
      ...documentAccessColumns,
      html: documents.html,
      isFavorite: sql<boolean>`exists (${ctx.db
        .select({ one: sql`1` })
        .from(favorites)
        .where(and(eq(favorites.documentId, documents.id), eq(favorites.userId, ctx.actor.id)))})`,
      hasChildren: sql<boolean>`exists (${ctx.db
        .select({ one: sql`1` })
        .from(children)
        .where(and(eq(children.parentId, documents.id), isNull(children.deletedAt)))})`,
      isFollowing: followingColumn(ctx.db, ctx.actor.id),
    })
    .from(documents)
    .innerJoin(memberships, actorMembership(ctx))
    .where(eq(documents.id, documentId))
    .limit(1);
  const { html, isFavorite, isFollowing, hasChildren, ...doc } = loadedDocumentOf(ctx, row);
  const abilities = documentAbilities(doc);
  authorize(abilities.read);
  const signed = await signHtmlImages(ctx.db, doc.workspaceId, html, { userId: ctx.actor.id });
  return { doc, abilities, html: signed, isFavorite, isFollowing, hasChildren };
}
