import { notFound } from "next/navigation";
import { cache } from "react";
import type { MemberSummaryDto, ShareDto } from "@/shared/dto";
import { documentIdFromSegment } from "@/shared/document-slug";
import { AppError } from "@/server/errors";
import { presentShareSettings } from "@/server/presenters/present-share";
import { loadShareSettings } from "@/server/services/sharing/load-share-settings";
import { requireMember } from "./require-member";

/** What the share dialog (modal or full page) renders. */
export interface ShareDialogData {
  title: string;
  panel: { documentId: string; actorId: string; canPublish: boolean; members: MemberSummaryDto[]; share: ShareDto | null };
}

/**
 * For `/w/[workspace]/d/[doc]/share` (the modal and the full page): the signed-in member's
 * share dialog, or the 404 page for unknown, trashed or other workspaces' documents.
 * Cached per request, so metadata and the page share one lookup.
 */
export const requireShareDialog = cache(async (workspaceSlug: string, segment: string): Promise<ShareDialogData> => {
  const { ctx } = await requireMember(workspaceSlug);
  const id = documentIdFromSegment(segment);
  if (!id) notFound();
  try {
    const settings = await loadShareSettings(ctx, id);
    return { title: settings.doc.title, panel: { documentId: settings.doc.id, actorId: ctx.actor.id, ...presentShareSettings(settings) } };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});
