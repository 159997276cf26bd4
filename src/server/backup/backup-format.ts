import type { BackupTable } from "./backup-tables";

/**
 * The operator backup file (`npm run backup`): JSON lines, gzipped when the name ends in `.gz`.
 *
 * 1. `BackupHeader`: the format and version, the app version, when, the schema version (the
 *    newest migration applied), and every table with its columns;
 * 2. `{ "table": name, "rows": [...] }` batches, tables in foreign-key order, each row as
 *    PostgreSQL's `row_to_json` writes it (timestamps to the microsecond, bytea as `\x` hex,
 *    jsonb and arrays as JSON), so `json_populate_recordset` reads back exactly what was there;
 * 3. `{ "blob": storageKey, "data": base64 }` for every uploaded file's bytes;
 * 4. `BackupEnd` with the counts: a file without it was cut short and is refused.
 */
export const BACKUP_FORMAT = "quire-backup";
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  appVersion: string;
  createdAt: string;
  /** `created_at` of the newest migration applied (drizzle's journal `when`). */
  schemaVersion: number;
  database: "pglite" | "postgres";
  tables: Array<Pick<BackupTable, "name" | "columns">>;
}

export interface BackupRows {
  table: string;
  rows: Array<Record<string, unknown>>;
}

export interface BackupBlob {
  blob: string;
  data: string;
}

export interface BackupEnd {
  end: true;
  counts: Record<string, number>;
  blobs: number;
}

/** A batch line stays under this many characters of JSON (a statement's parameter), or this many rows. */
export const BATCH_CHARS = 4 * 1024 * 1024;
export const BATCH_ROWS = 500;
