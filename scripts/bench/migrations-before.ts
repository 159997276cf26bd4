import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DbHandle } from "@/server/db/client";
import { MIGRATIONS_FOLDER } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";

/** Migrates `handle`'s database up to the migration before `tag`, through migrationsBefore's copy, removed after. */
export async function migrateDatabaseBefore(handle: DbHandle, tag: string): Promise<void> {
  const before = migrationsBefore(tag);
  try {
    await migrateDatabase(handle, before);
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
}

/**
 * A temporary copy of the migrations folder whose journal stops before migration `tag`: migrate
 * a database with it, fill it, then time `tag` by migrating with the real folder. The caller
 * removes the copy.
 */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-migrations-"));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
