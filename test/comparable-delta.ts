import Delta from "quill-delta";

/**
 * A delta as the editor holds it, for comparing bodies across an export and import: neighbouring
 * ops merged, and table rows numbered by order of appearance (an import gives rows fresh ids).
 */
export function comparableDelta(ops: readonly { insert?: unknown; attributes?: Record<string, unknown> }[]): unknown[] {
  const rows = new Map<unknown, number>();
  const merged = new Delta();
  for (const op of ops) {
    const table = op.attributes?.table;
    if (table !== undefined && !rows.has(table)) rows.set(table, rows.size);
    merged.insert(op.insert as string, table === undefined ? op.attributes : { ...op.attributes, table: rows.get(table) });
  }
  return merged.ops;
}
