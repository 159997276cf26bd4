import type { DbHandle } from "./client";
import { MIGRATIONS_FOLDER } from "./client";

// Any constant works; it only has to be the same in every Quire process.
const MIGRATION_LOCK_KEY = 0x71756972; // "quir"

/** Applies the committed SQL migrations in drizzle/ that have not run yet. */
export async function migrateDatabase(handle: DbHandle, folder = MIGRATIONS_FOLDER): Promise<void> {
  const { driver } = handle;
  if (driver.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(driver.db, { migrationsFolder: folder });
    return;
  }
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // Several instances may start at once against one server: a session-level advisory
  // lock, held on one dedicated connection, lets only one of them migrate at a time.
  const lockClient = await driver.pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(driver.db, { migrationsFolder: folder });
  } finally {
    // Destroying the connection ends its session, which releases the lock even when
    // the migration failed half-way; the pool opens a fresh connection when needed.
    lockClient.release(true);
  }
}
