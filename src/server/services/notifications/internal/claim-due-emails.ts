import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/** Only one instance looks at a time: a transaction-scoped advisory lock on this key ("quire-notif"). */
const EMAIL_LOCK_KEY = 0x71756e6f;

/**
 * Takes the next batches of notification emails (docs/architecture.md "Notifications"): for up
 * to `limit` people whose oldest unread, unemailed notification is older than `cutoff`, all their
 * unread, unemailed ones, marked emailed in the same statement. The look holds an advisory lock
 * for its transaction, so on a shared PostgreSQL one instance claims at a time, and the rows are
 * marked before sending: at most once (a crash mid-send loses that batch rather than sending it
 * twice). Returns the claimed ids grouped per person; none when another instance is looking.
 */
export async function claimDueEmails(db: Db, cutoff: Date, now: Date, limit: number): Promise<Map<string, string[]>> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${EMAIL_LOCK_KEY}) as locked`)) as unknown as { rows: Array<{ locked: boolean }> };
    if (!lock.rows[0]?.locked) return new Map();
    const result = await tx.execute(sql`
      with due_users as (
        select user_id from notifications
        where read_at is null and emailed_at is null and created_at <= ${cutoff.toISOString()}::timestamptz
        group by user_id
        order by min(created_at)
        limit ${limit}
      ),
      batch as (
        select n.id from notifications n join due_users u on u.user_id = n.user_id
        where n.read_at is null and n.emailed_at is null
        for update of n skip locked
      )
      update notifications n set emailed_at = ${now.toISOString()}::timestamptz
      from batch where n.id = batch.id
      returning n.id, n.user_id`);
    const rows = (result as unknown as { rows: Array<{ id: string; user_id: string }> }).rows;
    const byUser = new Map<string, string[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
    return byUser;
  });
}
