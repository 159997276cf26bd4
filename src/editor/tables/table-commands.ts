import type Quill from "quill";
import type { Range } from "quill";
import { TABLE_HEADER_FORMAT } from "@/shared/table-rules";
import type { TableBlot } from "./quill-table";
import { tableModuleOf } from "./quill-table";

/** A command of the table menu, run on the caret's cell. */
export type TableCommand = "row-above" | "row-below" | "column-left" | "column-right" | "delete-row" | "delete-column" | "header" | "delete-table";

/** The table menu's buttons, in order; `danger` ones remove something. */
export const TABLE_COMMANDS: readonly { command: TableCommand; label: string; danger?: boolean }[] = [
  { command: "row-above", label: "Row above" },
  { command: "row-below", label: "Row below" },
  { command: "column-left", label: "Column left" },
  { command: "column-right", label: "Column right" },
  { command: "header", label: "Header row" },
  { command: "delete-row", label: "Delete row", danger: true },
  { command: "delete-column", label: "Delete column", danger: true },
  { command: "delete-table", label: "Delete table", danger: true },
];

/**
 * Runs `command` on the cell at `range`, as one step of the undo history. Quill's table module
 * works on Quill's selection, so the text takes the focus and the caret for the command (a silent
 * setSelection alone leaves the focus elsewhere: editor/silent-selection-keeps-focus.ts).
 */
export function runTableCommand(quill: Quill, command: TableCommand, range: Range): void {
  quill.focus();
  quill.setSelection(range, "silent");
  const table = tableModuleOf(quill);
  quill.history.cutoff();
  switch (command) {
    case "row-above": table.insertRowAbove(); break;
    case "row-below": table.insertRowBelow(); break;
    case "column-left": table.insertColumnLeft(); break;
    case "column-right": table.insertColumnRight(); break;
    case "delete-row": table.deleteRow(); break;
    case "delete-column": table.deleteColumn(); break;
    case "header": toggleHeaderRow(quill, range); break;
    case "delete-table": table.deleteTable(); break;
  }
  quill.history.cutoff();
}

/** Whether `row` is a header row: its cells carry the `table-header` attribute. */
export function isHeaderRow(row: TableBlot): boolean {
  const first = row.children.head;
  return first !== null && first.formats()[TABLE_HEADER_FORMAT] === true;
}

/** Marks every cell of the caret's row as a header cell, or none (the `table-header` attribute). */
function toggleHeaderRow(quill: Quill, range: Range): void {
  const [, row] = tableModuleOf(quill).getTable(range);
  if (!row) return;
  const isHeader = isHeaderRow(row);
  quill.formatLine(row.offset(quill.scroll), row.length(), TABLE_HEADER_FORMAT, isHeader ? false : true, "user");
  quill.setSelection(range, "silent");
}
