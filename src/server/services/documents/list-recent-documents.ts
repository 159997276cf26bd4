import { and, desc, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { summaryColumns } from "@/server/services/documents/internal/document-columns";

const MAX_LIMIT = 50;

/** The workspace's most recently updated live documents, newest first (`limit` is clamped to 1–50). @throws AppError not_found */
export async function listRecentDocuments(ctx: ServiceContext, workspaceId: string, limit = 10): Promise<DocumentSummary[]> {
  const workspace = await findWorkspaceForMember(ctx, { id: workspaceId });
  authorize(workspaceAbilities(workspace.role).read);
  return ctx.db
    .select(summaryColumns)
    .from(documents)
    .where(and(eq(documents.workspaceId, workspace.id), isNull(documents.deletedAt)))
    .orderBy(desc(documents.updatedAt), desc(documents.id))
    .limit(clampLimit(limit));
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return 10;
  return Math.min(Math.max(Math.trunc(limit), 1), MAX_LIMIT);
}
