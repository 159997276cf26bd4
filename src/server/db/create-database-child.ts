import { openDatabase } from "./client";
import { migrateDatabase } from "./migrate";

// The short-lived process create-database-apart.ts starts on a first start: it runs PGlite's initdb
// and every migration on an empty folder, closes it and exits, so the memory that work leaves in
// glibc's malloc and in WebAssembly goes back to the system with the process (docs/architecture.md
// "Start-up"). The parent holds the data directory's lock for it (data-dir-lock.ts), so this
// process takes none. Arguments: the folder to create, the migrations folder. Exit code 0 only
// when the database was created, migrated and closed.

async function main(): Promise<void> {
  const [dataDir, migrationsFolder] = process.argv.slice(2);
  if (!dataDir || !migrationsFolder) throw new Error("usage: create-database-child <data dir> <migrations folder>");
  // Orphaned (the server was killed), stop rather than go on writing a folder nobody will use.
  process.on("disconnect", () => process.exit(1));
  const handle = await openDatabase({ dataDir, logSql: process.env.LOG_SQL === "1" });
  try {
    await migrateDatabase(handle, migrationsFolder);
  } finally {
    await handle.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[db] creating the embedded database failed: ${describe(error)}`);
    process.exit(1);
  },
);

// Drizzle's "Failed query" names the statement; PostgreSQL's reason is in its cause.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `\ncaused by: ${error.cause.message}` : "";
  return `${error.stack ?? error.message}${cause}`;
}
