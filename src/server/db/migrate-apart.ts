import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_FOLDER } from "./client";
import { passDataDirLock } from "./data-dir-lock";

/** Where a start's migrations run apart from the process: `dbDir` is new (initdb) or has pending ones. */
export interface MigrateApartRequest {
  /** The embedded database's folder (DATA_DIR/db). */
  dbDir: string;
  /** The folder whose lock (quire.pid) this process holds (DATA_DIR). */
  lockDir: string;
  /** No database in `dbDir` yet: create one. */
  isNew: boolean;
  log: (line: string) => void;
  /** The SQL migrations (tests pass broken ones). */
  migrationsFolder?: string;
}

/** Runs a start's initdb and migrations somewhere else than this process. */
export type MigrateApart = (request: MigrateApartRequest) => Promise<void>;

/** Thrown when the process that migrates fails; its own output says why. */
export class MigrationProcessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MigrationProcessError";
  }
}

// Beside this module: src/server/db/migrate-child-entry.mjs in development (it registers tsx),
// .next/quire/migrate-child-entry.mjs in the compiled server (scripts/build-server.ts).
const ENTRY = new URL("./migrate-child-entry.mjs", import.meta.url);

// `<dbDir>.new-<random>` holds a new database until its child is done.
const UNFINISHED = ".new-";

/**
 * A start's initdb and migrations, run in a short-lived child process. In the server they left
 * 90–160 MB in glibc's malloc that a restart without them never has (docs/performance-notes.md
 * "Memory"); a process that exits gives all of it back. A new database is built in
 * `<dbDir>.new-…` and renamed into place only once the child is done, so a failed or interrupted
 * first start never leaves a half-made database that the next start would take for a ready one;
 * pending migrations on an existing one run in place, in a transaction. The child is named in the
 * data-directory lock while it runs. Only server.ts's module graph may import this: Next can't
 * bundle the child's entry file.
 * @throws MigrationProcessError when the child fails
 */
export async function migrateInChildProcess({ dbDir, lockDir, isNew, log, migrationsFolder = MIGRATIONS_FOLDER }: MigrateApartRequest): Promise<void> {
  if (isNew && fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
    throw new MigrationProcessError(`${dbDir} holds files but no database (it has no PG_VERSION). Move it away, or restore a backup into the data directory.`);
  }
  if (isNew) removeUnfinished(dbDir);
  // A new database gets a folder of this start's own: a child orphaned by a killed server
  // finishes its initdb before it notices, and must not write into the next start's folder.
  const target = isNew ? `${dbDir}${UNFINISHED}${randomBytes(4).toString("hex")}` : dbDir;
  const started = Date.now();
  const child = fork(ENTRY, [target, migrationsFolder], {
    // No inherited flags: not the server's --inspect (a second debugger port), source maps or
    // heap limits. NODE_OPTIONS would bring --inspect back through the environment.
    execArgv: [],
    env: { ...process.env, NODE_OPTIONS: withoutInspect(process.env.NODE_OPTIONS) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const childPid = child.pid ?? 0;
  if (childPid) passDataDirLock(lockDir, process.pid, childPid);
  log(`[db] ${isNew ? "creating the database" : "applying any new migrations"} in a separate process (pid ${childPid}) that exits when done`);
  const isDone = await new Promise<boolean>((resolve, reject) => {
    child.once("error", reject);
    child.once("message", (message) => {
      if (message !== "done") return;
      // Take the lock back while the child, done, still holds it; then let it go.
      passDataDirLock(lockDir, childPid, process.pid);
      child.disconnect();
      resolve(true);
    });
    child.once("exit", () => {
      passDataDirLock(lockDir, childPid, process.pid);
      resolve(false);
    });
  });
  if (!isDone) {
    const exit = child.signalCode ? `was stopped by ${child.signalCode}` : `exited with code ${child.exitCode} (its error is printed above)`;
    if (isNew) fs.rmSync(target, { recursive: true, force: true });
    throw new MigrationProcessError(
      isNew
        ? `Creating the embedded database failed: the process creating it ${exit}. Nothing was kept: the next start tries again from the beginning.`
        : `Migrating the embedded database failed: the process migrating it ${exit}. The failed migration was rolled back; the database is as it was.`,
    );
  }
  if (isNew) {
    // An empty folder (made by hand) is replaced: rename can't replace a directory on every system.
    if (fs.existsSync(dbDir)) fs.rmdirSync(dbDir);
    fs.renameSync(target, dbDir);
  }
  log(`[db] ${isNew ? "database created and migrated" : "migrations checked and applied"} in ${((Date.now() - started) / 1000).toFixed(1)} s by that process`);
}

/** What an interrupted first start left: removed, best effort (an orphan may still be writing). */
function removeUnfinished(dbDir: string): void {
  const parent = path.dirname(dbDir);
  fs.mkdirSync(parent, { recursive: true });
  const prefix = `${path.basename(dbDir)}${UNFINISHED}`;
  for (const name of fs.readdirSync(parent).filter((entry) => entry.startsWith(prefix))) {
    try {
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    } catch (error) {
      console.warn(`[db] could not remove ${name}, left by an interrupted first start:`, error instanceof Error ? error.message : error);
    }
  }
}

function withoutInspect(options: string | undefined): string {
  return (options ?? "")
    .split(/\s+/)
    .filter((option) => option !== "" && !option.startsWith("--inspect"))
    .join(" ");
}
