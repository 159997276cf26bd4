import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_FOLDER } from "./client";

/** Creates and migrates a new PGlite database in `dataDir`, somewhere else than this process. */
export type CreateDatabase = (dataDir: string, log: (line: string) => void) => Promise<void>;

/** Thrown when the child that creates the database fails; its own output says why. */
export class DatabaseCreationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseCreationError";
  }
}

// Beside this module: src/server/db/create-database-entry.mjs in development (it registers tsx),
// .next/quire/create-database-entry.mjs in the compiled server (scripts/build-server.ts).
const ENTRY = new URL("./create-database-entry.mjs", import.meta.url);

// `<dataDir>.new-<random>` holds a database until its child exits cleanly.
const UNFINISHED = ".new-";

/**
 * A first start's initdb and migrations, run in a short-lived child process. In the server they
 * left 100–160 MB in glibc's malloc that a restart never has (docs/performance-notes.md
 * "Memory"); a process that exits gives all of it back. The database is built in `<dataDir>.new-…`
 * and renamed into place only once the child exited cleanly, so a failed or interrupted first
 * start never leaves a half-made database that the next start would take for a ready one.
 * Only server.ts's module graph may import this: Next can't bundle the child's entry file.
 * @throws DatabaseCreationError when the child fails
 */
export async function createDatabaseInChild(dataDir: string, log: (line: string) => void, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new DatabaseCreationError(`${dataDir} holds files but no database (it has no PG_VERSION). Move it away, or restore a backup into the data directory.`);
  }
  removeUnfinished(dataDir);
  // A folder of this start's own: a child orphaned by a killed server finishes its initdb (one
  // synchronous WebAssembly call, deaf to the parent's exit) before it notices and quits, and must
  // not write into the folder the next start's child is building.
  const building = `${dataDir}${UNFINISHED}${randomBytes(4).toString("hex")}`;
  const started = Date.now();
  const child = fork(ENTRY, [building, migrationsFolder], {
    // No inherited flags: not the server's --inspect (a second debugger port), source maps or
    // heap limits. NODE_OPTIONS would bring --inspect back through the environment.
    execArgv: [],
    env: { ...process.env, NODE_OPTIONS: withoutInspect(process.env.NODE_OPTIONS) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  log(`[db] creating the database in a separate process (pid ${child.pid ?? "?"}) that exits when done`);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  if (exit.code !== 0) {
    fs.rmSync(building, { recursive: true, force: true });
    throw new DatabaseCreationError(
      `Creating the embedded database failed: ${exit.signal ? `the process creating it was stopped by ${exit.signal}` : `the process creating it exited with code ${exit.code} (its error is printed above)`}. ` +
        `Nothing was kept: the next start tries again from the beginning.`,
    );
  }
  // An empty folder (made by hand) is replaced: rename can't replace a directory on every system.
  if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
  fs.renameSync(building, dataDir);
  log(`[db] database created and migrated in ${((Date.now() - started) / 1000).toFixed(1)} s; that process has exited`);
}

/** What an interrupted first start left: removed, best effort (an orphan may still be writing). */
function removeUnfinished(dataDir: string): void {
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  const prefix = `${path.basename(dataDir)}${UNFINISHED}`;
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
