import { and, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents, memberships, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { DocumentIdField } from "@/shared/schemas/document";
import { effectiveRole } from "@/server/auth/effective-role";
import type { Role } from "@/shared/roles";
import type { DocumentAccess } from "@/server/policies/document-policy";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { summaryColumns } from "@/server/services/documents/internal/document-columns";

type LoadedDocumentRow = Omit<LoadedDocument, "actorRole" | "isTrashed"> & { actorRole: Role; requireTwoFactor: boolean };

export const DOCUMENT_NOT_FOUND = "This document could not be found.";

/** A document with what policies need about the actor's access to it. */
export interface LoadedDocument extends DocumentAccess, DocumentSummary {
  deletedAt: Date | null;
  deletedRootId: string | null;
}

/**
 * The document with `documentId` and the actor's role in its workspace. Non-members,
 * unknown ids and (unless `includeTrashed`) trashed documents all get the same
 * not_found, so an id never reveals that a document exists; a member who must turn two-factor
 * on first is refused (effectiveRole).
 * @throws AppError not_found | TwoFactorRequiredError (forbidden)
 */
export async function findDocumentForMember(
  ctx: ServiceContext,
  documentId: string,
  options: { includeTrashed?: boolean } = {},
): Promise<LoadedDocument> {
  // Not a document id at all (a hand-typed path, a NUL byte): the same answer as an unknown one,
  // before the query would fail on it.
  if (!DocumentIdField.safeParse(documentId).success) throw new AppError("not_found", DOCUMENT_NOT_FOUND);
  const [row] = await ctx.db.select(documentAccessColumns).from(documents).innerJoin(memberships, actorMembership(ctx)).where(eq(documents.id, documentId)).limit(1);
  return loadedDocumentOf(ctx, row, options);
}

/** The columns findDocumentForMember reads, for a query that reads more of the document in the same round (with `actorMembership`). */
export const documentAccessColumns = {
  ...summaryColumns,
  deletedAt: documents.deletedAt,
  deletedRootId: documents.deletedRootId,
  actorRole: memberships.role,
  // The workspace's setting as a scalar subquery rather than a join, so every query that reads
  // these columns with `actorMembership` gets it without another join of its own.
  requireTwoFactor: sql<boolean>`(select ${workspaces.requireTwoFactor} from ${workspaces} where ${workspaces.id} = ${documents.workspaceId})`,
};

/** The join that gives a document's row the actor's membership of its workspace. */
export function actorMembership(ctx: ServiceContext) {
  return and(eq(memberships.workspaceId, documents.workspaceId), eq(memberships.userId, ctx.actor.id));
}

/**
 * The document of a row read with `documentAccessColumns`, or the one not_found for every kind of
 * absence. @throws AppError not_found | TwoFactorRequiredError (forbidden)
 */
export function loadedDocumentOf<Row extends LoadedDocumentRow>(
  ctx: ServiceContext,
  row: Row | undefined,
  options: { includeTrashed?: boolean } = {},
): Row & LoadedDocument {
  // An API token's grant: another workspace is not found, a read token acts as a viewer.
  const actorRole = row ? effectiveRole({ role: row.actorRole, workspaceId: row.workspaceId, requireTwoFactor: row.requireTwoFactor }, ctx) : null;
  if (!row || !actorRole || (row.deletedAt && !options.includeTrashed)) throw new AppError("not_found", DOCUMENT_NOT_FOUND);
  return { ...row, actorRole, isTrashed: row.deletedAt !== null };
}
