import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { parseIsoMoment } from "@/shared/stored-values";
import { DocumentIdField } from "@/shared/schemas/document";
import { documentAbilities } from "@/server/policies/document-policy";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { summaryColumns } from "@/server/services/documents/internal/document-columns";
import { findDocumentForMember } from "./find-document-for-member";

export interface ListDocumentsPageInput {
  workspace: { id: string } | { slug: string };
  /** Only this document's live children, in tree order; omitted: every live document, oldest first. */
  parentId?: string;
  cursor?: string;
  limit: number;
}

export interface DocumentsPage {
  workspace: { id: string; slug: string };
  documents: DocumentSummary[];
  nextCursor: string | null;
}

export const BAD_CURSOR = "This cursor is not valid: use the nextCursor of a previous page.";

/**
 * One page of the live documents of a workspace the actor can read, keyset-paged so pages
 * stay consistent while documents are added: children by (position, id), the whole workspace
 * by (createdAt, id).
 * @throws AppError not_found (workspace, or a parent that is unknown, trashed or elsewhere) | bad_request (cursor)
 */
export async function listDocumentsPage(ctx: ServiceContext, input: ListDocumentsPageInput): Promise<DocumentsPage> {
  const workspace = await findWorkspaceForMember(ctx, input.workspace);
  authorize(workspaceAbilities(workspace.role).read);
  const after = decodeCursor(input.cursor);
  const live = and(eq(documents.workspaceId, workspace.id), isNull(documents.deletedAt));
  let rows: DocumentSummary[];
  if (input.parentId !== undefined) {
    const parent = await findDocumentForMember(ctx, input.parentId);
    if (parent.workspaceId !== workspace.id || !documentAbilities(parent).read) throw new AppError("not_found", "This document could not be found.");
    rows = await ctx.db
      .select(summaryColumns)
      .from(documents)
      .where(
        and(
          live,
          eq(documents.parentId, parent.id),
          after ? or(gt(documents.position, after.key), and(eq(documents.position, after.key), gt(documents.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(documents.position), asc(documents.id))
      .limit(input.limit + 1);
  } else {
    // A moment as the encoding wrote it, which PostgreSQL reads (not year 0, not +275760).
    const afterDate = after ? parseIsoMoment(after.key) : null;
    if (after && !afterDate) throw new AppError("bad_request", BAD_CURSOR);
    rows = await ctx.db
      .select(summaryColumns)
      .from(documents)
      .where(
        and(
          live,
          afterDate && after
            ? or(gt(createdMs, afterDate), and(eq(createdMs, afterDate), gt(documents.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(createdMs), asc(documents.id))
      .limit(input.limit + 1);
  }
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const hasMore = rows.length > input.limit && last !== undefined;
  const key = (doc: DocumentSummary) => (input.parentId !== undefined ? doc.position : doc.createdAt.toISOString());
  return {
    workspace: { id: workspace.id, slug: workspace.slug },
    documents: page,
    nextCursor: hasMore ? encodeCursor(key(last), last.id) : null,
  };
}

// The cursor carries a JavaScript date (milliseconds); the column keeps microseconds, so both
// sides of the comparison are cut to milliseconds or a row could come back on the next page.
const createdMs = sql<Date>`date_trunc('milliseconds', ${documents.createdAt})`;

function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

const CURSOR_KEY = /^[0-9A-Za-z:.-]{1,200}$/;

function decodeCursor(cursor: string | undefined): { key: string; id: string } | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString());
    // The key is a position (fractional-indexing's digits) or a moment, the id a document id:
    // nothing else names a row, and text such as a NUL would only fail in the query.
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string" && CURSOR_KEY.test(value[0]) && DocumentIdField.safeParse(value[1]).success) {
      return { key: value[0], id: value[1] };
    }
  } catch {
    // falls through to the same answer as any other cursor that is not one of ours
  }
  throw new AppError("bad_request", BAD_CURSOR);
}

