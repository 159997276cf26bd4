import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { WebhookEventData, WebhookEventType } from "@/shared/webhook-events";
import { WEBHOOK_DELIVERY_STATUSES } from "@/shared/webhook-events";
import { users } from "./auth";
import { timestamps } from "./columns";
import { workspaces } from "./workspaces";

export const webhookDeliveryStatusEnum = pgEnum("webhook_delivery_status", WEBHOOK_DELIVERY_STATUSES);

/**
 * An HTTPS endpoint a workspace's admins registered for some event types (docs/product.md
 * "Webhooks"). The signing secret is sealed with the auth secret (webhooks/internal/webhook-secret.ts)
 * and shown once, at creation; deleting the webhook deletes its deliveries.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The event types it receives (WEBHOOK_EVENT_TYPES): text, so a new type needs no migration. */
    events: text("events").array().$type<WebhookEventType[]>().notNull(),
    /** `whsec_` + base64 of 32 random bytes (the Standard Webhooks format). */
    secret: text("secret").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("webhooks_workspace_idx").on(t.workspaceId)],
);

/**
 * One event for one webhook, and the outcome of its attempts: the queue the delivery worker
 * polls (rows due when `next_attempt_at` has passed), and the list Settings → Webhooks shows.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    /** The Standard Webhooks message id (`webhook-id`): the same for every attempt and for a resend, so receivers can drop duplicates. */
    messageId: text("message_id").notNull(),
    eventType: text("event_type").$type<WebhookEventType>().notNull(),
    /** What the event is about (a document's or a member's id): the debounce of document.updated looks it up. */
    subjectId: text("subject_id"),
    /** The JSON body sent, as Standard Webhooks shapes it: `{type, timestamp, data}`. */
    payload: jsonb("payload").$type<{ type: WebhookEventType; timestamp: string; data: WebhookEventData }>().notNull(),
    status: webhookDeliveryStatusEnum("status").notNull().default("pending"),
    /** When the first attempt was due: retries stop 24 hours after it. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the next attempt is due; null once it succeeded or failed for good. Claiming moves it ahead by a lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The last attempt's HTTP status; null when none answered (refused, timed out, unreachable). */
    responseStatus: integer("response_status"),
    /** The first characters of the last answer's body, or why there was none. */
    responseExcerpt: text("response_excerpt"),
    /** The delivery this one re-sends (Resend), if any. */
    resentFromId: uuid("resent_from_id"),
    ...timestamps,
  },
  (t) => [
    // The poller: due pending rows, oldest first.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    // Settings → Webhooks → deliveries, newest first; and the debounce's latest row per document.
    index("webhook_deliveries_webhook_created_idx").on(t.webhookId, t.createdAt.desc(), t.id.desc()),
    index("webhook_deliveries_webhook_subject_idx").on(t.webhookId, t.eventType, t.subjectId, t.scheduledAt.desc()),
  ],
);
