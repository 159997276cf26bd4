import type { BodyDelta } from "./sanitize-delta";
import { MAX_TABLE_CELLS, MAX_TABLE_COLUMNS, TABLE_FORMAT } from "@/shared/table-rules";

/**
 * Why a body's tables are too big (docs/product.md "Validation": at most 100 columns and 10,000
 * cells per table), as a sentence, or null when they fit. A table is a run of cell lines, a row
 * a run of cells with the same row id (shared/table-rules.ts). Pure; counts "\n"s only.
 */
export function tableLimitProblem(delta: BodyDelta): string | null {
  let cells = 0;
  let columns = 0;
  let row: unknown;
  let widest = 0;
  let largest = 0;
  const endTable = () => {
    largest = Math.max(largest, cells);
    cells = 0;
    columns = 0;
    row = undefined;
  };
  for (const op of delta.ops) {
    if (typeof op.insert !== "string") continue;
    const newlines = op.insert.split("\n").length - 1;
    if (newlines === 0) continue;
    const id = op.attributes?.[TABLE_FORMAT];
    if (id === undefined) {
      endTable();
      continue;
    }
    // Text before the first "\n" of an op with a table attribute can't end a line elsewhere:
    // all of the op's newlines are cells of row `id`.
    if (id !== row) columns = 0;
    row = id;
    columns += newlines;
    cells += newlines;
    widest = Math.max(widest, columns);
  }
  endTable();
  return tableSizeProblem(widest, largest);
}

/** Why a table `columns` wide with `cells` cells is too big, as tableLimitProblem says it, or null when it fits. */
export function tableSizeProblem(columns: number, cells: number): string | null {
  if (columns > MAX_TABLE_COLUMNS) return `A table may have at most ${MAX_TABLE_COLUMNS} columns; this one has ${columns.toLocaleString("en")}.`;
  if (cells > MAX_TABLE_CELLS) return `A table may have at most ${MAX_TABLE_CELLS.toLocaleString("en")} cells; this one has ${cells.toLocaleString("en")}.`;
  return null;
}
