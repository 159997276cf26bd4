import { and, eq, lt } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";

/** How long a document stays in the trash (docs/product.md "Limits"). */
export const TRASH_RETENTION_DAYS = 30;

/**
 * Deletes every trashed root (with everything trashed with it) trashed more than 30 days
 * before `now`, in every workspace; for a periodic job, so there is no actor. Returns how many
 * trash entries went.
 */
export async function purgeExpiredTrash(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  // A sub-document trashed on its own lies under a root trashed later, so it expires first:
  // the parent_id cascade never takes an entry that still has time left.
  const rows = await db
    .delete(documents)
    .where(and(eq(documents.deletedRootId, documents.id), lt(documents.deletedAt, cutoff)))
    .returning({ id: documents.id });
  return rows.length;
}
