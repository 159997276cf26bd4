import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { revisions } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { renderDeltaHtml } from "@/server/body/render-delta-html";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { signHtmlImages } from "@/server/services/files/internal/sign-html-images";
import { namesOf, revisionSummaryColumns } from "./list-revisions";
import { currentBody } from "./save-version";
import { memberNames } from "@/server/services/members/internal/member-names";
import { showMentionNames } from "@/server/body/mention-markup";

export const REVISION_NOT_FOUND = "This version could not be found.";

/**
 * One revision of a readable document with its body (as a delta, and rendered with the
 * editor's markup, images signed), the document's current body (to compare with) and what
 * the actor may do. Rendered on request, not stored: old versions are opened rarely. A revision of another document, or an id that isn't one,
 * is not_found like a missing one.
 * @throws AppError not_found
 */
export async function readRevision(ctx: ServiceContext, documentId: string, revisionId: string) {
  const doc = await findDocumentForMember(ctx, documentId);
  const abilities = documentAbilities(doc);
  authorize(abilities.readHistory);
  const revision = await findRevision(ctx, doc.id, revisionId);
  const [current, people, members] = await Promise.all([currentBody(ctx, doc.id), namesOf(ctx, [revision]), memberNames(ctx.db, doc.workspaceId)]);
  // Mentions show members' current names, in the rendered version and in the diff (docs/product.md "Mentions").
  const mentionName = (id: string) => members.get(id);
  const html = showMentionNames(await signHtmlImages(ctx.db, doc.workspaceId, await renderDeltaHtml(revision.delta), { userId: ctx.actor.id }), mentionName, "editor");
  return { doc, abilities, revision, people, current, html, mentionNames: Object.fromEntries(members) };
}

/** A revision of `documentId` with its body. @throws AppError not_found */
export async function findRevision(ctx: ServiceContext, documentId: string, revisionId: string) {
  // Not a UUID: it names nothing (and the database would refuse to compare it).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(revisionId)) throw new AppError("not_found", REVISION_NOT_FOUND);
  const [row] = await ctx.db
    .select({ ...revisionSummaryColumns, delta: revisions.delta })
    .from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.documentId, documentId)))
    .limit(1);
  if (!row) throw new AppError("not_found", REVISION_NOT_FOUND);
  return row;
}
