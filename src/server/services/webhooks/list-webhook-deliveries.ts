import { and, desc, eq, sql } from "drizzle-orm";
import { API_PAGE_SIZE } from "@/shared/schemas/api-v1";
import type { ServiceContext } from "@/server/context";
import { webhookDeliveries } from "@/server/db/schema";
import type { WebhookDeliveryRow } from "@/server/presenters/present-webhook";
import { decodeDeliveryCursor, encodeDeliveryCursor } from "@/server/services/webhooks/internal/delivery-cursor";
import { findWebhookForManager } from "@/server/services/webhooks/internal/find-webhook-for-manager";
import { DELIVERY_COLUMNS } from "@/server/services/webhooks/internal/webhook-columns";

/**
 * One page of a webhook's deliveries, newest first, keyset-paged on (created_at, id); admins and
 * owners (an admin's read token too).
 * @throws AppError not_found | forbidden | bad_request (a bad cursor)
 */
export async function listWebhookDeliveries(
  ctx: ServiceContext,
  input: { webhookId: string; cursor?: string | null; limit?: number },
): Promise<{ webhook: { id: string; url: string; workspaceId: string }; deliveries: WebhookDeliveryRow[]; nextCursor: string | null }> {
  const webhook = await findWebhookForManager(ctx, input.webhookId, "read");
  const after = input.cursor ? decodeDeliveryCursor(input.cursor) : null;
  const limit = input.limit ?? API_PAGE_SIZE;
  const rows = await ctx.db
    .select(DELIVERY_COLUMNS)
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhook.id),
        after ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit + 1);
  const deliveries = rows.slice(0, limit);
  const last = deliveries.at(-1);
  return { webhook, deliveries, nextCursor: rows.length > limit && last ? encodeDeliveryCursor(last) : null };
}
