import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { revisions, users } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { REVISION_PAGE_SIZE } from "@/shared/schemas/revision";
import type { LoadedDocument } from "@/server/services/documents/find-document-for-member";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { decodeRevisionCursor, encodeRevisionCursor } from "@/server/services/revisions/internal/revision-cursor";
import type { RevisionRow } from "@/server/presenters/present-revision";

/** A revision on the timeline (no body): the presenter's row. */
export type RevisionSummary = RevisionRow;

export interface RevisionListPage {
  /** The document the revisions belong to. */
  document: LoadedDocument;
  revisions: RevisionSummary[];
  /** Names of every person the page's revisions mention (deleted accounts are absent). */
  people: Map<string, string>;
  nextCursor: string | null;
}

/** The columns a timeline entry needs: never the delta, which can be a megabyte. */
export const revisionSummaryColumns = {
  id: revisions.id,
  kind: revisions.kind,
  name: revisions.name,
  title: revisions.title,
  size: revisions.size,
  createdAt: revisions.createdAt,
  createdBy: revisions.createdBy,
  authorIds: revisions.authorIds,
};

/**
 * One page of a readable document's revisions, newest first. Keyset paging on (createdAt, id)
 * over revisions_document_created_idx, so the thousandth page costs what the first does.
 * @throws AppError not_found | bad_request (a cursor that isn't one)
 */
export async function listRevisions(
  ctx: ServiceContext,
  documentId: string,
  page: { cursor?: string | null; limit?: number } = {},
): Promise<RevisionListPage> {
  const doc = await findDocumentForMember(ctx, documentId);
  authorize(documentAbilities(doc).readHistory);
  const limit = page.limit ?? REVISION_PAGE_SIZE;
  const after = page.cursor ? decodeRevisionCursor(page.cursor) : null;
  const rows = await ctx.db
    .select(revisionSummaryColumns)
    .from(revisions)
    .where(
      and(
        eq(revisions.documentId, doc.id),
        // A row comparison, which the index (document_id, created_at, id) answers directly.
        after ? sql`(${revisions.createdAt}, ${revisions.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(revisions.createdAt), desc(revisions.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    document: doc,
    revisions: shown,
    people: await namesOf(ctx, shown),
    nextCursor: rows.length > limit && last ? encodeRevisionCursor(last) : null,
  };
}

/** The names of everyone `list` mentions, in one query. */
export async function namesOf(ctx: ServiceContext, list: RevisionSummary[]): Promise<Map<string, string>> {
  const ids = [...new Set(list.flatMap((r) => [...r.authorIds, ...(r.createdBy ? [r.createdBy] : [])]))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
