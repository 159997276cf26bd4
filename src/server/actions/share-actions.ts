"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/shared/api-error";
import type { ShareDto } from "@/shared/dto";
import type { CreateShareInput, RevokeShareInput, UpdateShareInput } from "@/shared/schemas/share";
import { CreateShareSchema, RevokeShareSchema, UpdateShareSchema } from "@/shared/schemas/share";
import type { ServiceContext } from "@/server/context";
import { AppError } from "@/server/errors";
import { presentShare } from "@/server/presenters/present-share";
import { createShare } from "@/server/services/sharing/create-share";
import { loadShareSettings } from "@/server/services/sharing/load-share-settings";
import { revokeShare } from "@/server/services/sharing/revoke-share";
import { updateShare } from "@/server/services/sharing/update-share";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { runAction } from "./run-action";

/** Share dialog → "Create public link". */
export async function createShareAction(input: CreateShareInput): Promise<ActionResult<ShareDto>> {
  return runAction(CreateShareSchema, input, async (ctx, data) => {
    const share = await createShare(ctx, data);
    return liveShare(ctx, share.documentId);
  });
}

/** Share dialog → the "include child documents" / "allow search engines" switches of a live link. */
export async function updateShareAction(input: UpdateShareInput): Promise<ActionResult<ShareDto>> {
  return runAction(UpdateShareSchema, input, async (ctx, data) => {
    const share = await updateShare(ctx, data);
    return liveShare(ctx, share.documentId);
  });
}

/** Share dialog → "Revoke link". */
export async function revokeShareAction(input: RevokeShareInput): Promise<ActionResult<{ shareId: string }>> {
  return runAction(RevokeShareSchema, input, async (ctx, data) => {
    const share = await revokeShare(ctx, data);
    await revalidateWorkspace(ctx, share.workspaceId);
    return { shareId: share.id };
  });
}

/** The document's live link as the dialog shows it, after a change; also drops stale cached dialogs. */
async function liveShare(ctx: ServiceContext, documentId: string): Promise<ShareDto> {
  const settings = await loadShareSettings(ctx, documentId);
  if (!settings.share) throw new AppError("not_found", "This link could not be found.");
  await revalidateWorkspace(ctx, settings.doc.workspaceId);
  return presentShare(settings.share);
}

// The client router keeps dynamic pages for 30 s (next.config staleTimes): without this, the
// dialog reopened from its cache would show the link as it was before the change.
async function revalidateWorkspace(ctx: ServiceContext, workspaceId: string): Promise<void> {
  const { slug } = await findWorkspaceForMember(ctx, { id: workspaceId });
  revalidatePath(`/w/${slug}`, "layout");
}
