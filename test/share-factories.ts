import { shares } from "@/server/db/schema";
import type { Db } from "@/server/db/client";
import { newShareToken } from "@/server/services/sharing/internal/share-token";

/** Inserts a share row for `documentId` (live unless `revokedAt`). */
export async function buildShare(
  db: Db,
  documentId: string,
  overrides: { createdBy?: string; includeChildren?: boolean; allowIndexing?: boolean; revokedAt?: Date } = {},
) {
  const [share] = await db
    .insert(shares)
    .values({
      documentId,
      token: newShareToken(),
      includeChildren: overrides.includeChildren ?? false,
      allowIndexing: overrides.allowIndexing ?? false,
      createdBy: overrides.createdBy,
      revokedAt: overrides.revokedAt,
    })
    .returning();
  if (!share) throw new Error("insert returned no row");
  return share;
}
