import { sql } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "@/server/db/schema";
import type { WebhookDeliveryStatus } from "@/shared/webhook-events";

/**
 * A webhook's columns with its latest delivery (one index lookup each on
 * webhook_deliveries_webhook_created_idx). The outer column is spelt out: in a one-table select
 * Drizzle writes `${webhooks.id}` as a bare "id", which inside the subquery would mean x.id.
 */
export const WEBHOOK_COLUMNS = {
  id: webhooks.id,
  url: webhooks.url,
  description: webhooks.description,
  events: webhooks.events,
  createdAt: webhooks.createdAt,
  lastStatus: sql<WebhookDeliveryStatus | null>`(select x.status from webhook_deliveries x where x.webhook_id = webhooks.id order by x.created_at desc, x.id desc limit 1)`,
  lastResponseStatus: sql<number | null>`(select x.response_status from webhook_deliveries x where x.webhook_id = webhooks.id order by x.created_at desc, x.id desc limit 1)`,
  lastAt: sql<Date | null>`(select coalesce(x.last_attempt_at, x.created_at) from webhook_deliveries x where x.webhook_id = webhooks.id order by x.created_at desc, x.id desc limit 1)`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value)),
  ),
};

export const DELIVERY_COLUMNS = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  resentFromId: webhookDeliveries.resentFromId,
  payload: webhookDeliveries.payload,
};
