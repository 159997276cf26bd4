import { eq, sql } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import type { MoveDocumentInput } from "@/shared/schemas/document";
import type { ServiceContext } from "@/server/context";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { summaryColumns } from "@/server/services/documents/internal/document-columns";
import {
  MOVE_INTO_ITSELF,
  STALE_POSITION,
  assertDepth,
  endPosition,
  liveAncestry,
  liveChildren,
  subtreeHeight,
  withTreeLock,
} from "@/server/services/documents/internal/document-tree";
import { DOCUMENT_NOT_FOUND, findDocumentForMember } from "./find-document-for-member";

/**
 * Moves a live document, with its whole subtree, under `parentId` (null: top level), placed
 * right after the sibling `afterId` and right before the sibling `beforeId`:
 * - neither given: last child;
 * - only `afterId`: directly after it; only `beforeId`: directly before it;
 * - both: between them, and they must be next to each other, in that order, right now.
 * A neighbour that is not a live child of that parent (or is the document itself), or two
 * that are no longer adjacent, means the caller's view of the tree is out of date.
 * @throws AppError not_found (document or parent) | forbidden | conflict (into itself, too deep, stale position)
 */
export async function moveDocument(ctx: ServiceContext, input: MoveDocumentInput): Promise<DocumentSummary> {
  const { workspaceId } = await findDocumentForMember(ctx, input.documentId);
  return withTreeLock(ctx.db, workspaceId, async (tx) => {
    const doc = await findDocumentForMember({ ...ctx, db: tx }, input.documentId);
    authorize(documentAbilities(doc).update, "Viewers and commenters can't move documents.");
    const parentId = input.parentId;
    let depth = 1;
    if (parentId !== null) {
      const ancestry = await liveAncestry(tx, doc.workspaceId, parentId);
      if (ancestry.length === 0) throw new AppError("not_found", DOCUMENT_NOT_FOUND);
      if (ancestry.includes(doc.id)) throw new AppError("conflict", MOVE_INTO_ITSELF);
      depth = ancestry.length + 1;
    }
    assertDepth(depth + (await subtreeHeight(tx, doc.id)) - 1);
    const position = await positionBetween(tx, doc, parentId, input.afterId ?? null, input.beforeId ?? null);
    const [row] = await tx
      .update(documents)
      // updatedAt stays: a move changes where the document is listed, not the document.
      .set({ parentId, position, updatedAt: sql`${documents.updatedAt}` })
      .where(eq(documents.id, doc.id))
      .returning(summaryColumns);
    if (!row) throw new Error("update returned no row");
    return row;
  });
}

async function positionBetween(
  db: Db,
  doc: { id: string; workspaceId: string },
  parentId: string | null,
  afterId: string | null,
  beforeId: string | null,
): Promise<string> {
  if (afterId === null && beforeId === null) return endPosition(db, doc.workspaceId, parentId, doc.id);
  const siblings = await liveChildren(db, doc.workspaceId, parentId, doc.id);
  const afterIndex = afterId === null ? null : siblings.findIndex((s) => s.id === afterId);
  const beforeIndex = beforeId === null ? null : siblings.findIndex((s) => s.id === beforeId);
  if (afterIndex === -1 || beforeIndex === -1) throw new AppError("conflict", STALE_POSITION);
  // One neighbour given: the other is whichever sibling is next to it now (-1 and length: the ends).
  const lowIndex = afterIndex ?? (beforeIndex ?? siblings.length) - 1;
  const highIndex = beforeIndex ?? (afterIndex ?? siblings.length - 1) + 1;
  if (highIndex !== lowIndex + 1) throw new AppError("conflict", STALE_POSITION);
  const low = siblings[lowIndex]?.position ?? null;
  const high = siblings[highIndex]?.position ?? null;
  // Equal keys can only come from rows written outside these services; refuse rather than crash.
  if (low !== null && high !== null && low >= high) throw new AppError("conflict", STALE_POSITION);
  return generateKeyBetween(low, high);
}
