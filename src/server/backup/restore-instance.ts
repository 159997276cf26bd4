import fs from "node:fs";
import readline from "node:readline";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { DbHandle } from "@/server/db/client";
import type { BlobStore } from "@/server/storage/blob-store";
import type { BackupEnd, BackupHeader } from "./backup-format";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from "./backup-format";
import { refreshPasswordFlag } from "@/server/auth/password-flag";
import { quote, rowsOf, schemaVersion } from "./backup-instance";
import { allTables } from "./backup-tables";

/** A refusal the operator can act on: printed as is, exit code 1. */
export class RestoreRefused extends Error {}

/** What a restore wrote. */
export interface RestoreSummary {
  counts: Record<string, number>;
  blobs: number;
  /** Blob files of the replaced instance removed after a `--force` restore. */
  removedBlobs: number;
}

/**
 * Restores a backup (backup-format.ts) into a migrated database. Refuses a database that holds
 * any row unless `force`, which empties every Quire table first (sessions included) and, once
 * the restore has committed, deletes the uploaded files no restored row points at. Everything is
 * one transaction: a bad or truncated file leaves the database as it was.
 * @throws RestoreRefused for a non-empty database, a file that is not a backup, from a newer Quire, or cut short
 */
export async function restoreInstance(
  handle: DbHandle,
  blobs: BlobStore,
  file: string,
  options: {
    force: boolean;
    log: (line: string) => void;
    /** The disk blob store's folder, for removing the replaced instance's files after --force. */
    blobRoot?: string;
  },
): Promise<RestoreSummary> {
  const { log } = options;
  const tables = allTables();
  const known = new Map(tables.map((t) => [t.name, t]));
  const lines = readLines(file);
  const first = await lines.next();
  const header = parseHeader(first.done ? "" : first.value);
  const nonEmpty = await tablesWithRows(handle, tables.map((t) => t.name));
  if (nonEmpty.length > 0 && !options.force) {
    await lines.return(undefined);
    throw new RestoreRefused(
      `The database is not empty (${nonEmpty.join(", ")} have rows). Restore into an empty database, or run again with --force to replace everything in it.`,
    );
  }
  const ours = await schemaVersion(handle.db);
  if (header.schemaVersion > ours) {
    throw new RestoreRefused("This backup was made by a newer Quire (its database schema has migrations this one lacks). Update Quire first.");
  }
  const columnsOf = new Map(
    header.tables.map((t) => {
      const current = known.get(t.name);
      if (!current) throw new RestoreRefused(`The backup has a table this Quire doesn't know: ${t.name}.`);
      // Columns both know; one added since the backup gets its default.
      return [t.name, t.columns.filter((c) => current.columns.includes(c))];
    }),
  );

  const counts: Record<string, number> = {};
  const written: string[] = [];
  let end: BackupEnd | null = null;
  try {
    await handle.db.transaction(async (tx) => {
      // A store inside the database writes through this transaction (FILE_STORE=database).
      const store = blobs.within?.(tx) ?? blobs;
      if (nonEmpty.length > 0) {
        log(`  --force: emptying ${tables.length} tables…`);
        await tx.execute(sql.raw(`truncate ${tables.map((t) => quote(t.name)).join(", ")} cascade`));
      }
      let current = "";
      for await (const line of lines) {
        if (line === "") continue;
        if (end) throw new RestoreRefused("The backup file has data after its end marker: it is damaged.");
        const entry = parseLine(line);
        if ("table" in entry) {
          const columns = columnsOf.get(entry.table);
          if (!columns) throw new RestoreRefused(`The backup has rows for a table its header doesn't list: ${entry.table}.`);
          if (entry.table !== current) {
            if (current) log(`  ${current}: ${counts[current] ?? 0} rows`);
            current = entry.table;
          }
          const list = columns.map(quote).join(", ");
          await tx.execute(
            sql`insert into ${sql.raw(quote(entry.table))} (${sql.raw(list)}) select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(quote(entry.table))}, ${JSON.stringify(entry.rows)}::json)`,
          );
          counts[entry.table] = (counts[entry.table] ?? 0) + entry.rows.length;
        } else if ("blob" in entry) {
          if (current) log(`  ${current}: ${counts[current] ?? 0} rows`);
          current = "";
          written.push(entry.blob);
          await store.put(entry.blob, Buffer.from(entry.data, "base64"));
        } else {
          end = entry;
        }
      }
      if (current) log(`  ${current}: ${counts[current] ?? 0} rows`);
      if (!end) throw new RestoreRefused("The backup file is cut short (no end marker): nothing was restored.");
      // Derived from the accounts, and absent from a backup older than the column (its default would make every SSO account look as if it had a password).
      await refreshPasswordFlag(tx);
      for (const [table, count] of Object.entries(end.counts)) {
        if ((counts[table] ?? 0) !== count) throw new RestoreRefused(`The backup file is damaged: ${table} should have ${count} rows, it has ${counts[table] ?? 0}.`);
      }
    });
  } catch (error) {
    // Blobs outside the database (disk) are outside the transaction: take back what this run wrote
    // (unless they were there before, with --force). A store in the database rolled back with it,
    // and its delete would also remove the same keys' earlier copies on disk.
    if (nonEmpty.length === 0 && !blobs.within) for (const key of written) await blobs.delete(key).catch(() => undefined);
    throw error;
  }
  log(`  file bytes: ${written.length} blobs`);
  const removedBlobs = nonEmpty.length > 0 ? await removeUnreferencedBlobs(handle, options.blobRoot) : 0;
  return { counts, blobs: written.length, removedBlobs };
}

async function tablesWithRows(handle: DbHandle, names: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of names) {
    const rows = rowsOf<{ any: boolean }>(await handle.db.execute(sql.raw(`select exists (select 1 from ${quote(name)}) as any`)));
    if (rows[0]?.any) found.push(name);
  }
  return found;
}

function parseHeader(line: string): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new RestoreRefused("This file is not a Quire backup (its first line is not JSON).");
  }
  const header = value as Partial<BackupHeader> | null;
  if (!header || header.format !== BACKUP_FORMAT || !Array.isArray(header.tables)) throw new RestoreRefused("This file is not a Quire backup.");
  if ((header.version ?? 0) > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefused(`This backup was made by a newer Quire (backup format ${header.version}). Update Quire first.`);
  }
  return header as BackupHeader; // checked just above: the fields restore reads are present
}

type Line = { table: string; rows: Array<Record<string, unknown>> } | { blob: string; data: string } | BackupEnd;

function parseLine(line: string): Line {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new RestoreRefused("The backup file is damaged: a line is not JSON.");
  }
  const entry = value as Record<string, unknown> | null;
  if (entry && typeof entry.table === "string" && Array.isArray(entry.rows)) return entry as Line;
  if (entry && typeof entry.blob === "string" && typeof entry.data === "string") return entry as Line;
  if (entry && entry.end === true && typeof entry.counts === "object") return entry as unknown as BackupEnd;
  throw new RestoreRefused("The backup file is damaged: a line is neither rows, a file nor the end.");
}

async function* readLines(file: string): AsyncGenerator<string> {
  const raw = fs.createReadStream(file);
  const input = file.endsWith(".gz") ? raw.pipe(zlib.createGunzip()) : raw;
  yield* readline.createInterface({ input, crlfDelay: Infinity });
}

// After --force: the replaced instance's uploads are orphans now.
async function removeUnreferencedBlobs(handle: DbHandle, root: string | undefined): Promise<number> {
  if (!root || !fs.existsSync(root)) return 0;
  const keys = new Set(rowsOf<{ key: string }>(await handle.db.execute(sql`select storage_key as key from files`)).map((r) => r.key));
  let removed = 0;
  for (const shard of fs.readdirSync(root)) {
    if (shard === "tmp" || shard.length !== 2) continue;
    for (const name of fs.readdirSync(`${root}/${shard}`)) {
      if (keys.has(name)) continue;
      fs.rmSync(`${root}/${shard}/${name}`, { force: true });
      removed++;
    }
  }
  return removed;
}
