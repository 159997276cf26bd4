import type { WebhookDeliveryDto, WebhookDto } from "@/shared/schemas/webhook";
import type { WebhookDeliveryStatus, WebhookEventType } from "@/shared/webhook-events";

/** A webhooks row with its latest delivery, as the services read it. */
export interface WebhookRow {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  createdAt: Date;
  lastStatus: WebhookDeliveryStatus | null;
  lastResponseStatus: number | null;
  lastAt: Date | null;
}

export function presentWebhook(row: WebhookRow): WebhookDto {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: row.lastStatus && row.lastAt ? { status: row.lastStatus, responseStatus: row.lastResponseStatus, at: row.lastAt.toISOString() } : null,
  };
}

/** A webhook_deliveries row as the services read it. */
export interface WebhookDeliveryRow {
  id: string;
  messageId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  responseExcerpt: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  resentFromId: string | null;
  payload: Record<string, unknown>;
}

export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseExcerpt: row.responseExcerpt,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    // A pending row's next attempt; while an attempt is under way it is the claim's lease, not news.
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    resentFromId: row.resentFromId,
    payload: row.payload,
  };
}
