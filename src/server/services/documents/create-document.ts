import type { CreateDocumentInput } from "../../../shared/schemas/document";
import type { ServiceContext } from "../../context";
import { documents } from "../../db/schema";
import { newDocumentId } from "../../documents/new-document-id";
import { authorize } from "../../errors";
import { workspaceAbilities } from "../../policies/workspace-policy";
import { findWorkspaceForMember } from "../workspaces/find-workspace-for-member";
import type { DocumentSummary } from "./document-columns";
import { summaryColumns } from "./document-columns";
import { assertDepth, endPosition, parentDepth, withTreeLock } from "./document-tree";

/**
 * Creates an empty document as the last child of `parentId` (or last at top level); editors and up.
 * @throws AppError not_found (workspace, or a parent that is unknown, trashed or elsewhere) | forbidden | conflict (too deep)
 */
export async function createDocument(ctx: ServiceContext, input: CreateDocumentInput): Promise<DocumentSummary> {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).edit, "Viewers and commenters can't create documents.");
  const parentId = input.parentId ?? null;
  return withTreeLock(ctx.db, workspace.id, async (tx) => {
    assertDepth((await parentDepth(tx, workspace.id, parentId)) + 1);
    const [row] = await tx
      .insert(documents)
      .values({
        id: newDocumentId(),
        workspaceId: workspace.id,
        parentId,
        position: await endPosition(tx, workspace.id, parentId),
        title: input.title ?? "",
        createdBy: ctx.actor.id,
        updatedBy: ctx.actor.id,
      })
      .returning(summaryColumns);
    if (!row) throw new Error("insert returned no row");
    return row;
  });
}
