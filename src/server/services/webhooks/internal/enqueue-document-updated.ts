import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { newMessageId } from "./webhook-secret";

/** At most one document.updated delivery per document and webhook in this window (docs/product.md "Webhooks"). */
export const UPDATE_DEBOUNCE_MS = 60_000;

/**
 * Queues document.updated after a store of the document's body, at most once a minute per
 * webhook: the first change of a quiet document goes out at once; changes within the minute
 * after it become one more delivery at the minute's end, and further ones join that delivery
 * while it waits. So the last change is always followed by an event, and a document typed in
 * for an hour sends about sixty. Decided in the database (the latest row per webhook and
 * document), so it holds across restarts and instances. One statement, nothing when no webhook
 * wants the type. Checks no access: the collaboration server already has.
 */
export async function enqueueDocumentUpdated(db: Db, documentId: string, input: { actorId: string | null; at?: Date }): Promise<number> {
  const at = (input.at ?? new Date()).toISOString();
  const result = await db.execute(sql`
    insert into webhook_deliveries (webhook_id, message_id, event_type, subject_id, payload, scheduled_at, next_attempt_at, created_at, updated_at)
    select w.id, ${newMessageId()}, 'document.updated', d.id,
      jsonb_build_object('type', 'document.updated', 'timestamp', ${at}::text,
        'data', jsonb_build_object('workspaceId', d.workspace_id, 'documentId', d.id, 'title', d.title, 'updatedBy', ${input.actorId}::text)),
      due.at, due.at, ${at}::timestamptz, ${at}::timestamptz
    from documents d
    join webhooks w on w.workspace_id = d.workspace_id and 'document.updated' = any(w.events)
    left join lateral (
      select x.scheduled_at, x.status, x.attempts from webhook_deliveries x
      where x.webhook_id = w.id and x.event_type = 'document.updated' and x.subject_id = d.id
      order by x.scheduled_at desc limit 1
    ) last on true
    cross join lateral (
      select greatest(${at}::timestamptz, coalesce(last.scheduled_at + ${UPDATE_DEBOUNCE_MS} * interval '1 millisecond', ${at}::timestamptz)) as at
    ) due
    where d.id = ${documentId} and d.deleted_at is null
      -- One still waiting for its first attempt covers this change too.
      and not (last.status is not distinct from 'pending' and last.attempts = 0)
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
