import type Quill from "quill";
import type { Range } from "quill";

/** A blot of Quill's table module as the table tools use it (quill/formats/table.js): a table, a row or a cell. */
export interface TableBlot {
  next: TableBlot | null;
  prev: TableBlot | null;
  parent: TableBlot;
  domNode: HTMLElement;
  children: { head: TableBlot | null; length: number };
  offset(root?: unknown): number;
  length(): number;
  formats(): Record<string, unknown>;
}

/** Quill 2's own table module (quill/modules/table.js): finding the caret's table, and its row and column commands. */
export interface TableModule {
  getTable(range?: Range): [TableBlot | null, TableBlot | null, TableBlot | null, number];
  insertRowAbove(): void;
  insertRowBelow(): void;
  insertColumnLeft(): void;
  insertColumnRight(): void;
  deleteRow(): void;
  deleteColumn(): void;
  deleteTable(): void;
}

/** The editor's instance of Quill's table module (create-editor.ts turns it on). */
export function tableModuleOf(quill: Quill): TableModule {
  return quill.getModule("table") as TableModule;
}
