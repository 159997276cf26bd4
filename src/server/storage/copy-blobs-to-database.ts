import type { Db } from "@/server/db/client";
import { files } from "@/server/db/schema";
import type { BlobStore } from "./blob-store";
import type { DatabaseBlobStore } from "./database-blob-store";

export interface CopySummary {
  copied: number;
  /** Already in the database (a run before, or uploaded since the switch). */
  present: number;
  /** Keys a `files` row names whose bytes are in neither store. */
  missing: string[];
}

/**
 * Copies the bytes of every uploaded file from `disk` into `database` (`npm run
 * files:to-database`, for FILE_STORE=database on several machines). A key the database holds
 * already is skipped, so it can run again, and beside a server on PostgreSQL. Nothing is
 * deleted from disk.
 */
export async function copyBlobsToDatabase(db: Db, disk: BlobStore, database: DatabaseBlobStore): Promise<CopySummary> {
  const keys = (await db.selectDistinct({ key: files.storageKey }).from(files).orderBy(files.storageKey)).map((row) => row.key);
  const summary: CopySummary = { copied: 0, present: 0, missing: [] };
  for (const key of keys) {
    if (await database.holds(key)) {
      summary.present++;
      continue;
    }
    const blob = await disk.get(key);
    if (!blob) {
      summary.missing.push(key);
      continue;
    }
    await database.put(key, blob.stream);
    summary.copied++;
  }
  return summary;
}
