import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { ServiceContext } from "@/server/context";
import { getDb } from "@/server/db/database";
import { AppError, TwoFactorRequiredError } from "@/server/errors";
import { presentWorkspace } from "@/server/presenters/present-workspace";
import { PATH_HEADER } from "./path-header";
import { findMovedWorkspace } from "@/server/services/workspaces/find-moved-workspace";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { recordWorkspaceVisit } from "@/server/services/workspaces/record-workspace-visit";
import { requireActor } from "@/server/auth/session";

/**
 * For pages under /w/[workspace]: the signed-in member and the workspace. A member using an
 * address the workspace had before goes to the same page at its current one; anyone else gets
 * the 404 page, whether the workspace exists or not. A member without two-factor in a workspace
 * that requires it is sent to turn it on first (Profile → Security): the lookup refuses them
 * (effectiveRole), and a page redirects where an action or the API answers 403. Cached per request, so the
 * layout and the page share one lookup.
 */
export const requireMember = cache(async (slug: string) => {
  const actor = await requireActor(`/w/${slug}`);
  const ctx: ServiceContext = { db: await getDb(), actor };
  try {
    const row = await findWorkspaceForMember(ctx, { slug });
    await recordWorkspaceVisit(ctx.db, row);
    return { ctx, workspace: presentWorkspace(row), requireTwoFactor: row.requireTwoFactor };
  } catch (error) {
    // The lookup was by the current address, so `slug` is the workspace's.
    if (error instanceof TwoFactorRequiredError) redirect(`/profile/security?required=${encodeURIComponent(slug)}`);
    if (!(error instanceof AppError && error.code === "not_found")) throw error;
    const moved = await findMovedWorkspace(ctx, slug);
    if (moved) redirect(movedPath((await headers()).get(PATH_HEADER), slug, moved));
    notFound();
  }
});

function movedPath(path: string | null, oldSlug: string, newSlug: string): string {
  const prefix = `/w/${oldSlug}`;
  return path && (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) ? `/w/${newSlug}${path.slice(prefix.length)}` : `/w/${newSlug}`;
}
