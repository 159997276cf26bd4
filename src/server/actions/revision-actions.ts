"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/shared/api-error";
import type { ListRevisionsInput, RestoreRevisionInput, RevisionPage, SaveVersionInput } from "@/shared/schemas/revision";
import { ListRevisionsSchema, RestoreRevisionSchema, SaveVersionSchema } from "@/shared/schemas/revision";
import { presentRevision } from "@/server/presenters/present-revision";
import { listRevisions } from "@/server/services/revisions/list-revisions";
import { restoreRevision } from "@/server/services/revisions/restore-revision";
import { saveVersion } from "@/server/services/revisions/save-version";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { runAction } from "./run-action";

/** "Save version…" in the document menu: a named revision of the text as it is now. */
export async function saveVersionAction(input: SaveVersionInput): Promise<ActionResult<{ revisionId: string }>> {
  return runAction(SaveVersionSchema, input, async (ctx, data) => ({ revisionId: (await saveVersion(ctx, data)).id }));
}

/** The timeline's "Load more": the page after `cursor`. */
export async function listRevisionsAction(input: ListRevisionsInput): Promise<ActionResult<RevisionPage>> {
  return runAction(ListRevisionsSchema, input, async (ctx, data) => {
    const page = await listRevisions(ctx, data.documentId, { cursor: data.cursor });
    return { data: page.revisions.map((r) => presentRevision(r, page.people)), nextCursor: page.nextCursor };
  });
}

/** "Restore this version": open editors change at once; the title may change too, so the tree is refreshed. */
export async function restoreRevisionAction(input: RestoreRevisionInput): Promise<ActionResult<{ revisionId: string }>> {
  return runAction(RestoreRevisionSchema, input, async (ctx, data) => {
    const result = await restoreRevision(ctx, data);
    const { slug } = await findWorkspaceForMember(ctx, { id: result.workspaceId });
    revalidatePath(`/w/${slug}`, "layout");
    return { revisionId: result.revision.id };
  });
}
