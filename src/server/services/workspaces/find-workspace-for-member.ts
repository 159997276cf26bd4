import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { memberships, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { hasNoControlCharacter } from "@/shared/schemas/fields";
import { isUuid } from "@/shared/stored-values";
import { effectiveRole, readingRole } from "@/server/auth/effective-role";

export const WORKSPACE_NOT_FOUND = "This workspace could not be found.";

/**
 * The workspace with the given slug or id, with the caller's membership: `role` to act with,
 * `readRole` to read with (they differ for a read token). Non-members get the same not_found
 * as a missing workspace, so nothing reveals that it exists; a member who must turn two-factor
 * on first is refused (effectiveRole).
 * @throws AppError not_found | TwoFactorRequiredError (forbidden)
 */
export async function findWorkspaceForMember(ctx: ServiceContext, by: { slug: string } | { id: string }) {
  // What names no workspace (an id that is no UUID, a slug holding a NUL byte) gets the same
  // answer as a missing one, before the query would fail on it.
  if ("slug" in by ? !hasNoControlCharacter(by.slug) : !isUuid(by.id)) throw new AppError("not_found", WORKSPACE_NOT_FOUND);
  const [row] = await ctx.db
    .select({
      id: workspaces.id,
      slug: workspaces.slug,
      name: workspaces.name,
      createdAt: workspaces.createdAt,
      requireTwoFactor: workspaces.requireTwoFactor,
      role: memberships.role,
      membershipId: memberships.id,
      lastVisitedAt: memberships.lastVisitedAt,
    })
    .from(workspaces)
    .innerJoin(memberships, and(eq(memberships.workspaceId, workspaces.id), eq(memberships.userId, ctx.actor.id)))
    .where("slug" in by ? eq(workspaces.slug, by.slug) : eq(workspaces.id, by.id))
    .limit(1);
  // An API token's grant: another workspace is not found, a read token acts as a viewer (but
  // reads as its user: `readRole`, for reads only).
  const membership = row ? { role: row.role, workspaceId: row.id, requireTwoFactor: row.requireTwoFactor } : null;
  const role = membership ? effectiveRole(membership, ctx) : null;
  if (!row || !membership || !role) throw new AppError("not_found", WORKSPACE_NOT_FOUND);
  return { ...row, role, readRole: readingRole(membership, ctx) ?? role };
}
