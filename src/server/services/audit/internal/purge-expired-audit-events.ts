import { lt } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { auditEvents } from "@/server/db/schema";

/**
 * Deletes every audit event older than `retentionDays` before `now`, in every workspace; for
 * the hourly job, so there is no actor. Returns how many went.
 */
export async function purgeExpiredAuditEvents(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const rows = await db.delete(auditEvents).where(lt(auditEvents.createdAt, cutoff)).returning({ id: auditEvents.id });
  return rows.length;
}
