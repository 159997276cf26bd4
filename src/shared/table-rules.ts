/**
 * Tables (docs/product.md "Tables", docs/architecture.md "Documents and the editor"): how a
 * table is held in a delta, and its limits. The editor, the server's sanitiser, the importers
 * and the exporters all read them from here.
 *
 * A table is a run of lines whose `table` line attribute is their row's id (Quill 2's own
 * table format, quill/formats/table.js): each line is one cell, consecutive lines with the same
 * id are one row, the cell's column is its place in the row. A header row is the same lines
 * with `table-header: true` besides (a line attribute of our own; Quill has no header rows).
 */

/** The `table` line attribute: the row a cell line belongs to. */
export const TABLE_FORMAT = "table";
/** The `table-header` line attribute: the cell is in a header row. */
export const TABLE_HEADER_FORMAT = "table-header";

/** Product limits (docs/product.md "Validation"): wider or larger tables are refused. */
export const MAX_TABLE_COLUMNS = 100;
export const MAX_TABLE_CELLS = 10_000;

/** The toolbar's grid picker offers tables up to this many rows and columns. */
export const TABLE_PICKER_ROWS = 10;
export const TABLE_PICKER_COLUMNS = 10;

/**
 * A row id as kept: Quill's own are `row-` and 4 base-36 characters, ours longer (tableRowId);
 * Quill's clipboard numbers pasted rows 1, 2, … (matchTable), which the editor and the importer
 * replace with ids, but a number stays valid so nothing an older client wrote is lost.
 */
export const TABLE_ROW_ID = /^row-[a-z0-9]{1,32}$/;

/** A fresh row id: 10 base-36 characters, so rows two people add at once never share one. */
export function tableRowId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  const text = Array.from(bytes, (byte) => (byte % 36).toString(36)).join("");
  return `row-${text}${Date.now().toString(36).slice(-2)}`;
}
