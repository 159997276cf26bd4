import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/** A delivery the worker took, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  messageId: string;
  payload: string;
  url: string;
  secret: string;
  /** This attempt's number, 1 for the first. */
  attempt: number;
  scheduledAt: Date;
}

/** How long a claimed row is left alone before another poller may take it (the sender crashed): well past ATTEMPT_TIMEOUT_MS. */
export const CLAIM_LEASE_MS = 60_000;

/**
 * Takes up to `limit` due deliveries, oldest first, and marks them taken in the same statement:
 * the attempt is counted and `next_attempt_at` moves a lease ahead. `FOR UPDATE SKIP LOCKED` lets
 * several instances on one PostgreSQL poll at once without two taking the same row; a worker
 * that dies mid-attempt leaves its rows to be taken again when the lease ends (at least once).
 */
export async function claimDueDeliveries(db: Db, limit: number, now = new Date()): Promise<ClaimedDelivery[]> {
  // The worker asks every second, and nearly always nothing is due. On PGlite the claim below,
  // as a statement that may write, cost 12-90 ms of CPU each time here even when it changed
  // nothing (a busy idle server); this read costs ~2 ms. It decides nothing: two instances may
  // both see a row due, and the claim's SKIP LOCKED still gives it to one.
  const isDue = sql`status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz`;
  const due = (await db.execute(sql`select exists (select 1 from webhook_deliveries where ${isDue}) as due`)) as unknown as { rows: Array<{ due: boolean }> };
  if (!due.rows[0]?.due) return [];
  const result = await db.execute(sql`
    with due as (
      select id from webhook_deliveries
      where ${isDue}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update webhook_deliveries d
    set attempts = d.attempts + 1, last_attempt_at = ${now.toISOString()}::timestamptz,
      next_attempt_at = ${new Date(now.getTime() + CLAIM_LEASE_MS).toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    from due, webhooks w
    where d.id = due.id and w.id = d.webhook_id
    returning d.id, d.message_id, d.payload::text as payload, w.url, w.secret, d.attempts, d.scheduled_at`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    id: String(row.id),
    messageId: String(row.message_id),
    payload: String(row.payload),
    url: String(row.url),
    secret: String(row.secret),
    attempt: Number(row.attempts),
    scheduledAt: new Date(String(row.scheduled_at)),
  }));
}
