import fs from "node:fs";
import path from "node:path";
import { getEnv } from "@/server/env";
import type { Db, DbHandle } from "./client";
import { openDatabase } from "./client";
import { lockDataDir } from "./data-dir-lock";
import { migrateDatabase } from "./migrate";
import type { MigrateApart } from "./migrate-apart";
import { isMarkedMigrated, markMigrated } from "./migration-marker";
import { clearProcessSingleton, peekProcessSingleton, processSingleton } from "@/server/process-singleton";

interface ProcessDatabase {
  handle: Promise<DbHandle>;
  release: () => void;
}

// A second PGlite on the same folder would corrupt it: one database per process.
const KEY = "database";

/** How the process that opens the database first (server.ts) wants it opened. */
export interface StartDatabaseOptions {
  /**
   * Creates a new embedded database, or applies pending migrations to one, somewhere else than
   * this process (migrate-apart.ts): the process then opens a migrated folder, as a restart does.
   * Unset (tests, scripts, Next's own bundles), that work runs in this process.
   */
  migrateApart?: MigrateApart;
}

/** The process's database, opened, locked and migrated on first use. */
export function getDatabase(log: (line: string) => void = console.log, options: StartDatabaseOptions = {}): Promise<DbHandle> {
  return processSingleton(KEY, () => startDatabase(log, options)).handle;
}

/** The process's Drizzle database. */
export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Closes the process's database and releases the data-directory lock. */
export async function closeDatabase(): Promise<void> {
  const current = peekProcessSingleton<ProcessDatabase>(KEY);
  if (!current) return;
  clearProcessSingleton(KEY);
  // One that never opened has nothing to close; its error went to whoever awaited it.
  const handle = await current.handle.catch(() => null);
  try {
    await handle?.close();
  } finally {
    current.release();
  }
}

function startDatabase(log: (line: string) => void, { migrateApart }: StartDatabaseOptions): ProcessDatabase {
  const env = getEnv();
  if (env.DATABASE_URL) {
    return { handle: openAndMigrate({ url: env.DATABASE_URL, logSql: env.LOG_SQL === "1" }, log, "PostgreSQL"), release: () => {} };
  }
  const dataDir = path.join(env.dataDir, "db");
  // Throws at once, before PGlite touches the folder, when another process holds it.
  const release = lockDataDir(env.dataDir);
  const isFirstStart = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  if (isFirstStart) log(`[db] creating the embedded database in ${dataDir} (first start, about 10 s)…`);
  const open = async () => {
    const handle = await openAndMigrate({ dataDir, logSql: env.LOG_SQL === "1", sharedBuffers: env.PGLITE_SHARED_BUFFERS }, log, "embedded database");
    markMigrated(dataDir); // the next start needs no child process to find out
    return handle;
  };
  // Migrating after the child finds nothing left to apply: the check is one query. A marker that
  // names the newest migration (migration-marker.ts) means there is nothing for a child to do.
  const isPending = isFirstStart || !isMarkedMigrated(dataDir);
  const handle =
    migrateApart && isPending ? migrateApart({ dbDir: dataDir, lockDir: env.dataDir, isNew: isFirstStart, log }).then(open) : open();
  handle.catch(() => release());
  return { handle, release };
}

async function openAndMigrate(
  options: { url?: string; dataDir?: string; logSql?: boolean; sharedBuffers?: string },
  log: (line: string) => void,
  label: string,
): Promise<DbHandle> {
  const started = Date.now();
  const handle = await openDatabase(options);
  log(`[db] ${label} open; checking for migrations to apply…`);
  await migrateDatabase(handle);
  log(`[db] ${label} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return handle;
}
