import { desc, eq } from "drizzle-orm";
import type { WebhookDto } from "@/shared/schemas/webhook";
import type { ServiceContext } from "@/server/context";
import { webhooks } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { presentWebhook } from "@/server/presenters/present-webhook";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { ONLY_ADMINS } from "@/server/services/webhooks/internal/find-webhook-for-manager";
import { WEBHOOK_COLUMNS } from "@/server/services/webhooks/internal/webhook-columns";

/**
 * A workspace's webhooks, newest first, each with its latest delivery; admins and owners (an
 * admin's read token too: listing changes nothing). Secrets are never listed.
 * @throws AppError not_found | forbidden
 */
export async function listWebhooks(ctx: ServiceContext, by: { id: string } | { slug: string }): Promise<WebhookDto[]> {
  const workspace = await findWorkspaceForMember(ctx, by);
  authorize(workspaceAbilities(workspace.readRole).manageWebhooks, ONLY_ADMINS);
  const rows = await ctx.db.select(WEBHOOK_COLUMNS).from(webhooks).where(eq(webhooks.workspaceId, workspace.id)).orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  return rows.map(presentWebhook);
}
