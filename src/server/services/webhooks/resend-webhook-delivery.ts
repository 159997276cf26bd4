import { eq } from "drizzle-orm";
import type { ResendWebhookDeliveryInput } from "@/shared/schemas/webhook";
import type { ServiceContext } from "@/server/context";
import { webhookDeliveries } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { findWebhookForManager } from "@/server/services/webhooks/internal/find-webhook-for-manager";

const DELIVERY_NOT_FOUND = "This delivery could not be found.";

/**
 * Sends a delivery's event again, as a new delivery due now with the same message id and body
 * (receivers that drop duplicates by `webhook-id` may drop it; the docs say so). Its own attempts
 * and 24 hours of retries; the original stays listed as it was. Admins and owners.
 * @throws AppError not_found | forbidden
 */
export async function resendWebhookDelivery(ctx: ServiceContext, input: ResendWebhookDeliveryInput, now = new Date()): Promise<{ id: string; webhookId: string }> {
  const [original] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, input.deliveryId)).limit(1);
  if (!original) throw new AppError("not_found", DELIVERY_NOT_FOUND);
  try {
    await findWebhookForManager(ctx, original.webhookId, "write");
  } catch (error) {
    // A stranger learns nothing about the delivery id from the webhook's message.
    if (error instanceof AppError && error.code === "not_found") throw new AppError("not_found", DELIVERY_NOT_FOUND);
    throw error;
  }
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      webhookId: original.webhookId,
      messageId: original.messageId,
      eventType: original.eventType,
      subjectId: original.subjectId,
      payload: original.payload,
      scheduledAt: now,
      nextAttemptAt: now,
      resentFromId: original.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: webhookDeliveries.id });
  if (!row) throw new Error("insert returned no row");
  return { id: row.id, webhookId: original.webhookId };
}
