import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_FOLDER } from "./client";

// A file in the embedded database's folder naming the last migration applied to it, so a start
// can tell without opening the database whether migrations are pending (then they run in a child
// process, migrate-apart.ts). Only a hint: the server migrates after opening in any case, so a
// missing or stale marker costs a child process's start, never a missed migration. It lives in
// the folder it describes, so a copy of the folder (a file-level backup, the e2e template) keeps it.
const MARKER = "quire-migrated-through";

/** The tag of the newest migration in `folder` (drizzle's journal), e.g. "0013_…". */
export function latestMigration(folder = MIGRATIONS_FOLDER): string {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? "";
}

/** Whether the marker in `dbDir` names the newest migration. */
export function isMarkedMigrated(dbDir: string, folder = MIGRATIONS_FOLDER): boolean {
  try {
    return fs.readFileSync(path.join(dbDir, MARKER), "utf8").trim() === latestMigration(folder);
  } catch {
    return false;
  }
}

/** Records that every migration in `folder` has been applied to the database in `dbDir`. */
export function markMigrated(dbDir: string, folder = MIGRATIONS_FOLDER): void {
  fs.writeFileSync(path.join(dbDir, MARKER), `${latestMigration(folder)}\n`);
}
