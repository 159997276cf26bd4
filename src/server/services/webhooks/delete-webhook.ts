import { eq } from "drizzle-orm";
import type { DeleteWebhookInput } from "@/shared/schemas/webhook";
import type { ServiceContext } from "@/server/context";
import { webhooks } from "@/server/db/schema";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { findWebhookForManager } from "@/server/services/webhooks/internal/find-webhook-for-manager";

/**
 * Deletes a webhook with its deliveries (those still queued are never sent); admins and owners.
 * @throws AppError not_found | forbidden
 */
export async function deleteWebhook(ctx: ServiceContext, input: DeleteWebhookInput): Promise<{ id: string }> {
  const webhook = await findWebhookForManager(ctx, input.webhookId, "write");
  await ctx.db.transaction(async (tx) => {
    // Deliveries cascade; a worker sending one right now records into a row that is gone (no-op).
    await tx.delete(webhooks).where(eq(webhooks.id, webhook.id));
    await recordAuditEvent({ ...ctx, db: tx }, { workspaceId: webhook.workspaceId, kind: "webhook.deleted", target: { id: webhook.id, label: webhook.url } });
  });
  return { id: webhook.id };
}
