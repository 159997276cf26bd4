import { is } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import * as schema from "@/server/db/schema";

/** One table as the operator backup sees it, read off the Drizzle schema. */
export interface BackupTable {
  name: string;
  /** Stored columns in schema order; generated ones (the search vector) are left out: the database derives them again. */
  columns: string[];
  primaryKey: string;
  /** A column referencing this table's own primary key (documents.parent_id): rows are written parents first. */
  selfReference: string | null;
}

/**
 * Tables the operator backup leaves out: sessions (everyone signs in again after a restore, and
 * a stolen backup holds no live session), verifications (short-lived sign-in tokens) and
 * file_blobs (uploads' bytes travel as the backup's blob lines, whichever store holds them).
 */
export const SKIPPED_TABLES = new Set(["sessions", "verifications", "file_blobs"]);

/** Every table of the schema, each after the tables it references (so inserting in this order satisfies the foreign keys). */
export function allTables(): BackupTable[] {
  const tables = (Object.values(schema) as unknown[]).filter(isTable);
  const configs = new Map(tables.map((t) => [t, getTableConfig(t)]));
  const ordered: PgTable[] = [];
  const visit = (table: PgTable, path: Set<PgTable>) => {
    if (ordered.includes(table)) return;
    if (path.has(table)) throw new Error(`a foreign-key cycle through ${configs.get(table)?.name}`);
    path.add(table);
    for (const fk of configs.get(table)?.foreignKeys ?? []) {
      const target = fk.reference().foreignTable;
      if (target !== table) visit(target, path);
    }
    path.delete(table);
    ordered.push(table);
  };
  // Sorted by name first, so the order is the same on every run.
  for (const table of [...tables].sort((a, b) => getTableConfig(a).name.localeCompare(getTableConfig(b).name))) visit(table, new Set());
  return ordered.map((table) => {
    const config = getTableConfig(table);
    const primary = config.columns.filter((c) => c.primary);
    if (primary.length !== 1) throw new Error(`${config.name}: the backup needs a single-column primary key`);
    const self = config.foreignKeys.map((fk) => fk.reference()).find((ref) => ref.foreignTable === table);
    return {
      name: config.name,
      columns: config.columns.filter((c) => !c.generated).map((c) => c.name),
      primaryKey: (primary[0] as (typeof primary)[number]).name,
      selfReference: self?.columns[0]?.name ?? null,
    };
  });
}

function isTable(value: unknown): value is PgTable {
  return is(value, PgTable);
}
