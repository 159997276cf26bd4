import type Quill from "quill";
import type { Range } from "quill";
import Delta from "quill-delta";
import { TABLE_FORMAT, tableRowId } from "@/shared/table-rules";
import type { TableBlot } from "./quill-table";
import { tableModuleOf } from "./quill-table";

/**
 * Inserts an empty table of `rows` × `columns` below the line of `range`, or in its place when
 * that line is empty, with a paragraph after it, and puts the caret in its first cell: text is
 * never split into cells.
 */
export function insertTable(quill: Quill, range: Range, rows: number, columns: number): void {
  quill.focus();
  const [line, offset] = quill.getLine(range.index);
  const lineStart = range.index - offset;
  const lineLength = line ? (line as unknown as TableBlot).length() : 1;
  const isEmpty = lineLength <= 1;
  const at = isEmpty ? lineStart : lineStart + lineLength;
  // Inside a table, a new table would merge with it: go below it instead.
  const [table] = tableModuleOf(quill).getTable({ index: Math.min(at, quill.getLength() - 1), length: 0 });
  const index = table ? table.offset(quill.scroll) + table.length() : at;
  let delta = new Delta().retain(index);
  for (let row = 0; row < rows; row += 1) delta = delta.insert("\n".repeat(columns), { [TABLE_FORMAT]: tableRowId() });
  if (!isEmpty || table) delta = delta.insert("\n");
  quill.history.cutoff();
  quill.updateContents(delta, "user");
  quill.history.cutoff();
  quill.setSelection(index, 0, "user");
}
