import { eq } from "drizzle-orm";
import type { UpdateWorkspaceInput } from "@/shared/schemas/workspace";
import type { ServiceContext } from "@/server/context";
import { isUniqueViolation } from "@/server/db/pg-errors";
import { workspaceSlugRedirects, workspaces } from "@/server/db/schema";
import { authorize, validationError } from "@/server/errors";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { SLUG_TAKEN_MESSAGE } from "./create-workspace";
import { findWorkspaceForMember } from "./find-workspace-for-member";

/**
 * Renames a workspace and sets its address; owners only. A changed address keeps the old one
 * as a redirect for members (workspace_slug_redirects), and takes back any redirect that
 * pointed the new address elsewhere: current addresses win over old ones.
 * @throws AppError not_found | forbidden | validation_failed (the address is taken)
 */
export async function updateWorkspace(ctx: ServiceContext, input: UpdateWorkspaceInput) {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).rename, "Only owners can rename the workspace or change its address.");
  try {
    return await ctx.db.transaction(async (tx) => {
      if (input.slug !== workspace.slug) {
        await tx.delete(workspaceSlugRedirects).where(eq(workspaceSlugRedirects.oldSlug, input.slug));
        await tx
          .insert(workspaceSlugRedirects)
          .values({ oldSlug: workspace.slug, workspaceId: workspace.id })
          .onConflictDoUpdate({ target: workspaceSlugRedirects.oldSlug, set: { workspaceId: workspace.id, updatedAt: new Date() } });
      }
      const [row] = await tx
        .update(workspaces)
        .set({ name: input.name, slug: input.slug })
        .where(eq(workspaces.id, workspace.id))
        .returning({ id: workspaces.id, slug: workspaces.slug, name: workspaces.name });
      if (!row) throw new Error("update returned no row");
      if (row.name !== workspace.name || row.slug !== workspace.slug) {
        await recordAuditEvent(
          { ...ctx, db: tx },
          {
            workspaceId: workspace.id,
            kind: "workspace.settings_changed",
            target: { id: workspace.id, label: row.name },
            details: { nameFrom: workspace.name, nameTo: row.name, slugFrom: workspace.slug, slugTo: row.slug },
          },
        );
      }
      return { ...row, previousSlug: workspace.slug };
    });
  } catch (error) {
    if (isUniqueViolation(error, "workspaces_slug_unique")) throw validationError({ slug: SLUG_TAKEN_MESSAGE });
    throw error;
  }
}
