import { openDatabase } from "./client";
import { migrateDatabase } from "./migrate";

// The short-lived process migrate-apart.ts starts: it opens the embedded database (running
// PGlite's initdb when the folder is new), applies the pending migrations, closes it and tells
// its parent, so the memory that work leaves in glibc's malloc goes back to the system when this
// process exits (docs/architecture.md "Database"). The parent holds the data directory's lock and
// names this process in it while it runs, so it takes none. Arguments: the database's folder,
// the migrations folder.

async function main(): Promise<void> {
  const [dataDir, migrationsFolder] = process.argv.slice(2);
  if (!dataDir || !migrationsFolder) throw new Error("usage: migrate-child <database folder> <migrations folder>");
  // Orphaned (the server was killed): stop rather than go on writing a folder nobody will use.
  // initdb is one synchronous WebAssembly call, so this is heard only once it is done. After
  // "done", the parent disconnects once it has taken the lock back: then this is the clean exit.
  process.on("disconnect", () => process.exit(isDone ? 0 : 1));
  const handle = await openDatabase({ dataDir, logSql: process.env.LOG_SQL === "1" });
  try {
    await migrateDatabase(handle, migrationsFolder);
  } finally {
    await handle.close();
  }
}

let isDone = false;

main().then(
  () => {
    isDone = true;
    // Wait for the parent's disconnect: until it has taken the lock back, this pid holds it.
    if (!process.send?.("done")) process.exit(0); // started by hand, without a parent
  },
  (error: unknown) => {
    console.error(`[db] migrating the embedded database failed: ${describe(error)}`);
    process.exit(1);
  },
);

// Drizzle's "Failed query" names the statement; PostgreSQL's reason is in its cause.
function describe(error: unknown): string {
  // Not every throw is an Error of this realm (seen under the test runner: "[object Object]").
  if (!(error instanceof Error)) {
    if (typeof error === "object" && error !== null && "message" in error) return String(error.message);
    return String(error);
  }
  const cause = error.cause instanceof Error ? `\ncaused by: ${error.cause.message}` : "";
  return `${error.stack ?? error.message}${cause}`;
}
