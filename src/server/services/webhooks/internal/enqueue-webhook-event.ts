import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import type { WebhookEventData, WebhookEventType } from "@/shared/webhook-events";
import { newMessageId } from "./webhook-secret";

/** One thing that happened in a workspace, for the webhooks subscribed to its type. */
export interface WebhookEventInput {
  workspaceId: string;
  type: WebhookEventType;
  /** The document's or member's id: what the event is about. */
  subjectId: string;
  /** The event's facts (ids, a title, roles): small and flat, never document text. */
  data: WebhookEventData;
  /** When it happened; now unless a test says otherwise. */
  at?: Date;
}

/**
 * Queues the event for every webhook of its workspace subscribed to its type, in one INSERT …
 * SELECT with `ctx.db`: pass a use case's transaction, so the deliveries commit or roll back
 * with the change (like recordAuditEvent). Sending happens later, in the delivery worker, so the
 * request that caused it never waits for a receiver. Checks no access: the use case already has.
 */
export async function enqueueWebhookEvent(ctx: { db: Db | Tx }, event: WebhookEventInput): Promise<void> {
  const at = event.at ?? new Date();
  const payload = JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: { workspaceId: event.workspaceId, ...event.data } });
  await ctx.db.execute(sql`
    insert into webhook_deliveries (webhook_id, message_id, event_type, subject_id, payload, scheduled_at, next_attempt_at, created_at, updated_at)
    select w.id, ${newMessageId()}, ${event.type}, ${event.subjectId}, ${payload}::jsonb, ${at.toISOString()}::timestamptz,
      ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    from webhooks w
    where w.workspace_id = ${event.workspaceId} and ${event.type} = any(w.events)`);
}
