import fs from "node:fs";
import path from "node:path";
import { RestoreRefused } from "@/server/backup/restore-instance";
import type { DbHandle } from "@/server/db/client";
import { openDatabase } from "@/server/db/client";
import { DataDirLockedError, lockDataDir } from "@/server/db/data-dir-lock";
import { migrateDatabase } from "@/server/db/migrate";
import { markMigrated } from "@/server/db/migration-marker";
import { getEnv } from "@/server/env";

/** A failure the operator can act on: its message is printed without a stack. */
export class CliError extends Error {}

/** The instance's database, opened the way the server opens it; for PGlite the data directory is locked first. */
export async function openInstanceDatabase(options: { migrate: boolean; mustExist: boolean }): Promise<{ handle: DbHandle; dataDir: string; label: string; release(): void }> {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const handle = await openDatabase({ url: env.DATABASE_URL });
    if (options.migrate) await migrateDatabase(handle);
    return { handle, dataDir: env.dataDir, label: `PostgreSQL (${redacted(env.DATABASE_URL)})`, release: () => {} };
  }
  const dbDir = path.join(env.dataDir, "db");
  if (options.mustExist && !fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
    throw new CliError(`There is no embedded database in ${dbDir}. Set DATA_DIR to the server's data directory (or DATABASE_URL for PostgreSQL).`);
  }
  let release: () => void;
  try {
    release = lockDataDir(env.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CliError(
        `The Quire server (pid ${error.pid}) is using ${env.dataDir}. The embedded database allows one process at a time: ` +
          `stop the server, run this again, then start the server.`,
      );
    }
    throw error;
  }
  try {
    const handle = await openDatabase({ dataDir: dbDir });
    if (options.migrate) {
      await migrateDatabase(handle);
      markMigrated(dbDir); // so the server's next start needs no child process to check (db/migration-marker.ts)
    }
    return { handle, dataDir: env.dataDir, label: `the embedded database in ${dbDir}`, release };
  } catch (error) {
    release();
    throw error;
  }
}

/** Runs a command's body, printing a CliError's message (exit 1) or an unexpected error with its stack (exit 1). */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const isExpected = error instanceof CliError || error instanceof RestoreRefused;
    const message = isExpected ? error.message : error instanceof Error ? error.stack : String(error);
    console.error(`\nFailed: ${message}`);
    process.exitCode = 1;
  }
}

function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
