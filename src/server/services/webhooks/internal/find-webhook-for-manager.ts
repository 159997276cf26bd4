import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { memberships, webhooks, workspaces } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { effectiveRole, readingRole } from "@/server/auth/effective-role";
import { workspaceAbilities } from "@/server/policies/workspace-policy";

export const WEBHOOK_NOT_FOUND = "This webhook could not be found.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ONLY_ADMINS = "Only admins and owners can manage webhooks.";

/**
 * A webhook with the actor's membership of its workspace, for a use case that reads it
 * (`access: "read"`: an admin's read token too) or changes it. Someone outside the workspace
 * (or a token of another) gets the same not_found as a missing id; a member below admin, forbidden.
 * @throws AppError not_found | forbidden (also TwoFactorRequiredError)
 */
export async function findWebhookForManager(ctx: ServiceContext, webhookId: string, access: "read" | "write") {
  // Not an id at all (a hand-typed path): the same answer as an unknown one, before the uuid column refuses it.
  if (!UUID.test(webhookId)) throw new AppError("not_found", WEBHOOK_NOT_FOUND);
  const [row] = await ctx.db
    .select({ id: webhooks.id, workspaceId: webhooks.workspaceId, url: webhooks.url, role: memberships.role, requireTwoFactor: workspaces.requireTwoFactor })
    .from(webhooks)
    .innerJoin(memberships, and(eq(memberships.workspaceId, webhooks.workspaceId), eq(memberships.userId, ctx.actor.id)))
    .innerJoin(workspaces, eq(workspaces.id, webhooks.workspaceId))
    .where(eq(webhooks.id, webhookId))
    .limit(1);
  const role = row ? (access === "read" ? readingRole : effectiveRole)(row, ctx) : null;
  if (!row || !role) throw new AppError("not_found", WEBHOOK_NOT_FOUND);
  authorize(workspaceAbilities(role).manageWebhooks, ONLY_ADMINS);
  return { id: row.id, workspaceId: row.workspaceId, url: row.url };
}
