import { eq } from "drizzle-orm";
import type { PublicContext } from "@/server/context";
import { workspaceSsoProviders, workspaces } from "@/server/db/schema";
import { workspaceSsoId } from "@/server/auth/sso-providers";

/**
 * The sign-in page's `?workspace=<slug>`: the workspace's name and its provider's button, or null
 * when it has none. Open to anyone: the link is meant to be shared, and a workspace without SSO
 * answers exactly as one that doesn't exist.
 */
export async function findWorkspaceSso(ctx: PublicContext, slug: string) {
  const [row] = await ctx.db
    .select({ workspaceId: workspaces.id, slug: workspaces.slug, name: workspaces.name, label: workspaceSsoProviders.label })
    .from(workspaceSsoProviders)
    .innerJoin(workspaces, eq(workspaces.id, workspaceSsoProviders.workspaceId))
    .where(eq(workspaces.slug, slug));
  return row ? { slug: row.slug, name: row.name, label: row.label, providerId: workspaceSsoId(row.workspaceId) } : null;
}
