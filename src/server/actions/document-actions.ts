"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/shared/api-error";
import type {
  DocumentSummaryDto,
  FavoriteStateDto,
  PurgeResultDto,
  TrashResultDto,
} from "@/shared/dto";
import type {
  CreateDocumentInput,
  MoveDocumentInput,
  PurgeDocumentInput,
  RenameDocumentInput,
  RestoreDocumentInput,
  ToggleFavoriteInput,
  TrashDocumentInput,
  WorkspaceDocumentsInput,
} from "@/shared/schemas/document";
import {
  CreateDocumentSchema,
  MoveDocumentSchema,
  PurgeDocumentSchema,
  RenameDocumentSchema,
  RestoreDocumentSchema,
  ToggleFavoriteSchema,
  TrashDocumentSchema,
  WorkspaceDocumentsSchema,
} from "@/shared/schemas/document";
import type { ServiceContext } from "@/server/context";
import { presentDocumentSummary } from "@/server/presenters/present-document";
import { createDocument } from "@/server/services/documents/create-document";
import { listRecentDocuments } from "@/server/services/documents/list-recent-documents";
import { moveDocument } from "@/server/services/documents/move-document";
import { purgeDocument } from "@/server/services/documents/purge-document";
import { renameDocument } from "@/server/services/documents/rename-document";
import { restoreDocument } from "@/server/services/documents/restore-document";
import { toggleFavorite } from "@/server/services/documents/toggle-favorite";
import { trashDocument } from "@/server/services/documents/trash-document";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { runAction } from "./run-action";

/** "New document" / "Add sub-document": an empty document, last under its parent. */
export async function createDocumentAction(input: CreateDocumentInput): Promise<ActionResult<DocumentSummaryDto>> {
  return runAction(CreateDocumentSchema, input, async (ctx, data) => {
    const doc = await createDocument(ctx, data);
    await revalidateWorkspace(ctx, doc.workspaceId);
    return presentDocumentSummary(doc);
  });
}

/**
 * Title field rename. It deliberately revalidates nothing: a revalidation refreshes the open
 * page, whose URL segment (title-slug-id) has just changed, and Next then mounts a second
 * editor under the new segment while the person is typing. The title field updates the tree
 * in the browser instead (see title-field.tsx).
 */
export async function renameDocumentAction(input: RenameDocumentInput): Promise<ActionResult<DocumentSummaryDto>> {
  return runAction(RenameDocumentSchema, input, async (ctx, data) => presentDocumentSummary(await renameDocument(ctx, data)));
}

/** Sidebar drag and drop: re-parent and/or reorder (see moveDocument for afterId/beforeId). */
export async function moveDocumentAction(input: MoveDocumentInput): Promise<ActionResult<DocumentSummaryDto>> {
  return runAction(MoveDocumentSchema, input, async (ctx, data) => {
    const doc = await moveDocument(ctx, data);
    await revalidateWorkspace(ctx, doc.workspaceId);
    return presentDocumentSummary(doc);
  });
}

/** "Move to trash": the document and its sub-documents. */
export async function trashDocumentAction(input: TrashDocumentInput): Promise<ActionResult<TrashResultDto>> {
  return runAction(TrashDocumentSchema, input, async (ctx, data) => {
    const result = await trashDocument(ctx, data);
    await revalidateWorkspace(ctx, result.workspaceId);
    return { documentId: result.documentId, trashedCount: result.trashedCount };
  });
}

/** Trash → "Restore": back to its old place, or the end of the top level. */
export async function restoreDocumentAction(input: RestoreDocumentInput): Promise<ActionResult<DocumentSummaryDto>> {
  return runAction(RestoreDocumentSchema, input, async (ctx, data) => {
    const doc = await restoreDocument(ctx, data);
    await revalidateWorkspace(ctx, doc.workspaceId);
    return presentDocumentSummary(doc);
  });
}

/** Trash → "Delete forever" (admins and owners). */
export async function purgeDocumentAction(input: PurgeDocumentInput): Promise<ActionResult<PurgeResultDto>> {
  return runAction(PurgeDocumentSchema, input, async (ctx, data) => {
    const result = await purgeDocument(ctx, data);
    await revalidateWorkspace(ctx, result.workspaceId);
    return { documentId: result.documentId, purgedCount: result.purgedCount };
  });
}

/** The star button: favourite or unfavourite for the signed-in user. */
export async function toggleFavoriteAction(input: ToggleFavoriteInput): Promise<ActionResult<FavoriteStateDto>> {
  return runAction(ToggleFavoriteSchema, input, async (ctx, data) => {
    const result = await toggleFavorite(ctx, data);
    await revalidateWorkspace(ctx, result.workspaceId);
    return { documentId: result.documentId, isFavorite: result.isFavorite };
  });
}

/** The palette's "Recent documents" when it opens: the 6 most recently updated live documents. */
export async function listRecentDocumentsAction(input: WorkspaceDocumentsInput): Promise<ActionResult<DocumentSummaryDto[]>> {
  return runAction(WorkspaceDocumentsSchema, input, async (ctx, data) => (await listRecentDocuments(ctx, data.workspaceId, 6)).map(presentDocumentSummary));
}

/** Re-renders the workspace's layout and pages (sidebar tree, home lists) after a change. */
async function revalidateWorkspace(ctx: ServiceContext, workspaceId: string): Promise<void> {
  const { slug } = await findWorkspaceForMember(ctx, { id: workspaceId });
  revalidatePath(`/w/${slug}`, "layout");
}
