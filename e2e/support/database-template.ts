import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { markMigrated } from "@/server/db/migration-marker";

/**
 * Creates and migrates an embedded database in `dir/db` with the server's own code, marked as
 * the server leaves it (a start on a copy sees no pending migration, migration-marker.ts), and
 * returns its folder: what E2E_DB_TEMPLATE_ENV names for startApp's new data directories.
 */
export async function createDatabaseTemplate(dir: string): Promise<string> {
  const dbDir = path.join(dir, "db");
  fs.mkdirSync(dir, { recursive: true });
  const handle = await openDatabase({ dataDir: dbDir });
  await migrateDatabase(handle);
  await handle.close();
  markMigrated(dbDir);
  return dbDir;
}
