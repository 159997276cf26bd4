import type { DocumentLine } from "./document-lines";
import { inlineMarkdown } from "./markdown-inline";
import { TABLE_FORMAT, TABLE_HEADER_FORMAT } from "@/shared/table-rules";

/** Whether a line is a table cell (shared/table-rules.ts: its `table` attribute is its row's id). */
export function isTableCell(line: DocumentLine | undefined): boolean {
  return line?.attributes[TABLE_FORMAT] !== undefined;
}

/** Splits a table's cell lines into rows: consecutive cells with the same row id. */
export function tableRows(lines: readonly DocumentLine[]): DocumentLine[][] {
  const rows: DocumentLine[][] = [];
  let previous: unknown;
  for (const line of lines) {
    const id = line.attributes[TABLE_FORMAT];
    if (rows.length === 0 || id !== previous) rows.push([]);
    rows.at(-1)?.push(line);
    previous = id;
  }
  return rows;
}

/**
 * A GFM table. GFM needs a header row: a table whose first row is not a header row gets an
 * empty one, so every cell keeps its place (and the import reads it back as that header).
 * Rows are padded to the widest (GFM drops cells past the header's count). A `|` in a cell is
 * escaped, inside code spans too (GFM splits the row before it reads code spans). A cell is
 * one line in the editor, so it never holds a line break or a list to lose.
 */
export function markdownTable(lines: readonly DocumentLine[]): string {
  const rows = tableRows(lines).map((row) => ({
    cells: row.map((cell) => cellMarkdown(cell)),
    isHeader: row.every((cell) => cell.attributes[TABLE_HEADER_FORMAT] === true),
  }));
  const width = Math.max(1, ...rows.map((row) => row.cells.length));
  const first = rows[0];
  const header = first?.isHeader ? first.cells : [];
  const body = (first?.isHeader ? rows.slice(1) : rows).map((row) => row.cells);
  const line = (cells: readonly string[]) => `| ${Array.from({ length: width }, (_, index) => cells[index] ?? "").join(" | ")} |`;
  return [line(header), `|${" --- |".repeat(width)}`, ...body.map(line)].join("\n");
}

function cellMarkdown(cell: DocumentLine): string {
  return inlineMarkdown(cell.runs).replace(/\|/g, "\\|");
}
