import fs from "node:fs";
import { once } from "node:events";
import type { Writable } from "node:stream";
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { DbHandle, Tx } from "@/server/db/client";
import type { BlobStore } from "@/server/storage/blob-store";
import { APP_VERSION } from "@/server/formats/archive/workspace-archive";
import type { BackupTable } from "./backup-tables";
import { SKIPPED_TABLES, allTables } from "./backup-tables";
import type { BackupBlob, BackupEnd, BackupHeader, BackupRows } from "./backup-format";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BATCH_CHARS, BATCH_ROWS } from "./backup-format";

/** What a backup wrote. */
export interface BackupSummary {
  counts: Record<string, number>;
  blobs: number;
  missingBlobs: string[];
}

/**
 * Writes the whole instance to `out` (format in backup-format.ts): every table but sessions and
 * verifications, then every uploaded file's bytes. Rows are read inside one repeatable-read,
 * read-only transaction, so on PostgreSQL a backup taken while the server runs is one consistent
 * snapshot. Memory holds one batch of rows (or one blob) at a time.
 */
export async function backupInstance(handle: DbHandle, blobs: BlobStore, out: Writable, log: (line: string) => void): Promise<BackupSummary> {
  const tables = allTables().filter((t) => !SKIPPED_TABLES.has(t.name));
  const counts: Record<string, number> = {};
  const storageKeys: string[] = [];
  await handle.db.transaction(
    async (tx) => {
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        appVersion: APP_VERSION,
        createdAt: new Date().toISOString(),
        schemaVersion: await schemaVersion(tx),
        database: handle.driver.kind,
        tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
      };
      await writeLine(out, header);
      for (const table of tables) {
        counts[table.name] = 0;
        for await (const rows of readRows(tx, table)) {
          counts[table.name] = (counts[table.name] ?? 0) + rows.length;
          if (table.name === "files") storageKeys.push(...rows.map((r) => String(r.storage_key)));
          await writeLine(out, { table: table.name, rows } satisfies BackupRows);
        }
        log(`  ${table.name}: ${counts[table.name]} rows`);
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );

  const missingBlobs: string[] = [];
  let blobCount = 0;
  for (const key of storageKeys) {
    const blob = await blobs.get(key);
    if (!blob) {
      missingBlobs.push(key);
      continue;
    }
    const bytes = Buffer.from(await new Response(blob.stream).arrayBuffer());
    await writeLine(out, { blob: key, data: bytes.toString("base64") } satisfies BackupBlob);
    blobCount++;
  }
  log(`  file bytes: ${blobCount} blobs${missingBlobs.length ? ` (${missingBlobs.length} missing from the store, left out)` : ""}`);
  await writeLine(out, { end: true, counts, blobs: blobCount } satisfies BackupEnd);
  return { counts, blobs: blobCount, missingBlobs };
}

/** The newest migration applied to the database (0 when none). */
export async function schemaVersion(db: Pick<Tx, "execute">): Promise<number> {
  const [row] = rowsOf<{ version: string | number }>(await db.execute(sql`select coalesce(max(created_at), 0)::bigint as version from drizzle.__drizzle_migrations`));
  return Number(row?.version ?? 0);
}

async function* readRows(tx: Tx, table: BackupTable): AsyncGenerator<Array<Record<string, unknown>>> {
  const columns = table.columns.map(quote).join(", ");
  const name = quote(table.name);
  const pk = quote(table.primaryKey);
  if (table.selfReference) {
    // Parents before children, so each insert finds the row it references.
    const links = await tx.execute(sql.raw(`select ${pk}::text as id, ${quote(table.selfReference)}::text as parent from ${name}`));
    const order = parentsFirst(rowsOf<{ id: string; parent: string | null }>(links));
    for (let i = 0; i < order.length; i += BATCH_ROWS) {
      const ids = order.slice(i, i + BATCH_ROWS);
      const result = await tx.execute(sql`select row_to_json(t) as row from (select ${sql.raw(columns)} from ${sql.raw(name)} where ${sql.raw(pk)}::text in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})) t`);
      const byId = new Map(rowsOf<{ row: Record<string, unknown> }>(result).map((r) => [String(r.row[table.primaryKey]), r.row]));
      yield* batches(ids.map((id) => byId.get(id)).filter((row): row is Record<string, unknown> => row !== undefined));
    }
    return;
  }
  let last: string | null = null;
  for (;;) {
    const after: SQL = last === null ? sql`` : sql`where ${sql.raw(pk)}::text > ${last}`;
    const result: unknown = await tx.execute(
      sql`select row_to_json(t) as row, t.${sql.raw(pk)}::text as key from (select ${sql.raw(columns)} from ${sql.raw(name)}) t ${after} order by t.${sql.raw(pk)}::text collate "C" limit ${BATCH_ROWS}`,
    );
    const rows: Array<{ row: Record<string, unknown>; key: string }> = rowsOf(result);
    if (rows.length === 0) return;
    yield* batches(rows.map((r) => r.row));
    last = (rows[rows.length - 1] as { key: string }).key;
    if (rows.length < BATCH_ROWS) return;
  }
}

// Splits rows into lines of at most BATCH_CHARS of JSON (a big document is a line of its own).
function* batches(rows: Array<Record<string, unknown>>): Generator<Array<Record<string, unknown>>> {
  let batch: Array<Record<string, unknown>> = [];
  let size = 0;
  for (const row of rows) {
    const length = JSON.stringify(row).length;
    if (batch.length > 0 && size + length > BATCH_CHARS) {
      yield batch;
      batch = [];
      size = 0;
    }
    batch.push(row);
    size += length;
  }
  if (batch.length > 0) yield batch;
}

function parentsFirst(links: Array<{ id: string; parent: string | null }>): string[] {
  const children = new Map<string | null, string[]>();
  const ids = new Set(links.map((l) => l.id));
  for (const link of links) {
    const parent = link.parent !== null && ids.has(link.parent) ? link.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), link.id]);
  }
  const ordered: string[] = [];
  let level = children.get(null) ?? [];
  while (level.length > 0) {
    ordered.push(...level);
    level = level.flatMap((id) => children.get(id) ?? []);
  }
  return ordered;
}

/** The rows of a raw query: PGlite's and node-postgres's results both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  // I/O boundary: db.execute's result type differs per driver; both have `rows` of plain objects.
  return (result as { rows: T[] }).rows;
}

/** A double-quoted SQL identifier (names come from our own schema). */
export function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

async function writeLine(out: Writable, value: unknown): Promise<void> {
  if (!out.write(`${JSON.stringify(value)}\n`)) await once(out, "drain");
}

/** Opens `file` for writing, through gzip when it ends in `.gz`; `close()` resolves once everything is on disk. */
export async function openBackupOutput(file: string): Promise<{ stream: Writable; close(): Promise<void> }> {
  const zlib = await import("node:zlib");
  const fileStream = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
  await once(fileStream, "open");
  const stream = file.endsWith(".gz") ? zlib.createGzip() : fileStream;
  if (stream !== fileStream) stream.pipe(fileStream);
  return {
    stream,
    close: async () => {
      stream.end();
      await once(fileStream, "close");
    },
  };
}
