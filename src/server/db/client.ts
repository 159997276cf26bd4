import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import * as schema from "@/server/db/schema";
import { byteaParsers, byteaSerializers } from "@/server/db/pglite-bytea";
import { textSerializers } from "@/server/db/pglite-text";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The driver under a handle, for the few places (migrations, shutdown) that need it. */
export type Driver =
  | { kind: "pglite"; client: PGlite; db: PgliteDatabase<Schema> }
  | { kind: "postgres"; pool: Pool; db: NodePgDatabase<Schema> };

/** An open database with what the process needs to manage it. */
export interface DbHandle {
  db: Db;
  driver: Driver;
  /** Round-trips a trivial query. @throws when the database cannot be reached */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… for PostgreSQL; undefined for PGlite. */
  url?: string;
  /** PGlite's folder; undefined keeps it in memory (tests). */
  dataDir?: string;
  /** A PGlite data-directory dump to start from (tests clone a migrated template). */
  loadDataDir?: Blob;
  /** Prints each statement as a `[sql]` line (LOG_SQL=1). */
  logSql?: boolean;
  /** PGlite's shared_buffers (PGLITE_SHARED_BUFFERS, e.g. "16MB"); unset, PostgreSQL's 128MB. */
  sharedBuffers?: string;
}

// One line a statement, without its parameters (they hold people's data and session tokens).
const sqlLogger = { logQuery: (query: string) => console.log(`[sql] ${query.replace(/\s+/g, " ")}`) };

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

/** Opens PGlite or PostgreSQL; the caller migrates and closes it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  const logger = options.logSql ? sqlLogger : undefined;
  const driver = options.url ? await openPostgres(options.url, logger) : await openPglite(options, logger);
  // Both drivers implement the same pg-core database; only their result types differ.
  const db = driver.db as unknown as Db;
  return {
    db,
    driver,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => (driver.kind === "pglite" ? driver.client.close() : driver.pool.end()),
  };
}

type SqlLogger = typeof sqlLogger | undefined;

async function openPostgres(url: string, logger: SqlLogger): Promise<Driver> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server emits 'error'; without a listener Node exits.
  pool.on("error", (error) => console.error("[db] idle PostgreSQL client error:", error.message));
  return { kind: "postgres", pool, db: drizzle(pool, { schema, logger }) };
}

async function openPglite(options: OpenDatabaseOptions, logger: SqlLogger): Promise<Driver> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = new PGlite({
    // Search's text configuration maps words through the unaccent dictionary (search-config.ts,
    // migration 0018); PGlite loads a contrib extension's files only when it is named here.
    extensions: { unaccent },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [
      ...PGlite.defaultStartParams,
      // A new 16 MB WAL segment is created without writing 16 MB of zeros first: PostgreSQL did that
      // inside whichever COMMIT crossed into it, on the event loop (13-100 ms; issue 13.6). Records
      // are CRC-checked, so replay stops at the end of the written WAL either way.
      "-c",
      "wal_init_zero=off",
      // The page cache lives in PGlite's WebAssembly memory, which never shrinks: whatever it once
      // filled stays resident. Past it, pages come from the data directory's files (the OS caches them).
      ...(options.sharedBuffers ? ["-c", `shared_buffers=${options.sharedBuffers}`] : []),
    ],
    // Yjs states in and out without PGlite's byte-at-a-time hex (pglite-bytea.ts), and bodies'
    // text and delta out without its character-by-character length count (pglite-text.ts).
    serializers: { ...byteaSerializers, ...textSerializers },
    parsers: byteaParsers,
  });
  await client.waitReady;
  return { kind: "pglite", client, db: drizzle(client, { schema, logger }) };
}
