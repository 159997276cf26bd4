import { notFound } from "next/navigation";
import { cache } from "react";
import type { ServiceContext } from "@/server/context";
import { getDb } from "@/server/db/database";
import { AppError } from "@/server/errors";
import { presentWorkspace } from "@/server/presenters/present-workspace";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { recordWorkspaceVisit } from "@/server/services/workspaces/record-workspace-visit";
import { requireActor } from "@/server/auth/session";

/**
 * For pages under /w/[workspace]: the signed-in member and the workspace. Anyone else
 * gets the 404 page, whether the workspace exists or not. Cached per request, so the
 * layout and the page share one lookup.
 */
export const requireMember = cache(async (slug: string) => {
  const actor = await requireActor(`/w/${slug}`);
  const ctx: ServiceContext = { db: await getDb(), actor };
  try {
    const row = await findWorkspaceForMember(ctx, { slug });
    await recordWorkspaceVisit(ctx.db, row);
    return { ctx, workspace: presentWorkspace(row) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});
